#!/bin/sh
# Re-records yara-4.2.3-matches.txt with the yara found on PATH (4.2.3 when recorded).
# Run from the io module after its tests are compiled (by the project's one mvn test command).
set -eu
dir=$(mktemp -d)
out=src/test/resources/yara/strings/yara-4.2.3-matches.txt
java -cp "${CLASSES:-target}/test-classes:${CLASSES:-target}/classes" org.imbrex.io.yara.strings.YaraStringCorpus "$dir"
yara "$dir/cases.yar" /dev/null 2>/dev/null || { yara "$dir/cases.yar" /dev/null; exit 1; }
{
  echo "# yara $(yara --version): every case scanned over every file with 'yara -s -L'."
  echo "# case NAME DEFINITION | file NAME HEX | match CASE FILE 0xOFFSET:LENGTH  (YaraRecordedMatchesTest)"
  sed -n 's/^rule \(c[0-9]*\) { strings: \(.*\) condition: \$a }$/case \1 \2/p' "$dir/cases.yar"
  for f in "$dir"/f*.bin; do echo "file $(basename "$f" .bin) $(xxd -p "$f" | tr -d '\n')"; done
  for f in "$dir"/f*.bin; do
    yara -s -L "$dir/cases.yar" "$f" 2>/dev/null | awk -v file="$(basename "$f" .bin)" \
      '/^c[0-9]+ /{rule=$1; next} /^0x/{split($0, p, ":"); print "match " rule " " file " " p[1] ":" p[2]}'
  done
} > "$out"
rm -r "$dir"
wc -l "$out"
