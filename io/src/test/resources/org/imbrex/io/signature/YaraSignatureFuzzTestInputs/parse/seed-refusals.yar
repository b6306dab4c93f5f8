rule r
{
    strings:
        $a = { 4D 5A A? [2-4] ( AA | BB ) ~5A }
    condition:
        $a
}
