package org.imbrex.io.yara.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The rule names a condition's scope sees: each view is the names defined up to its rule, whatever follows. */
class RuleNamesTest {

    @Test
    void defined_isTheNamesSoFar_andLaterAddsLeaveItAlone() {
        RuleNames names = new RuleNames();
        names.add("first");
        names.add("second");
        List<String> upToSecond = names.defined();

        names.add("third");

        assertThat(upToSecond).containsExactly("first", "second");
        assertThat(upToSecond.contains("third")).isFalse();
        assertThat(upToSecond.contains("second")).isTrue();
        assertThat(names.defined()).containsExactly("first", "second", "third");
        assertThat(names.contains("third")).isTrue();
        assertThat(names.contains("fourth")).isFalse();
    }

    @Test
    void add_aNameDefinedAlready_isRefused() {
        RuleNames names = new RuleNames();
        names.add("a");

        assertThatThrownBy(() -> names.add("a")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rule a is defined already");
    }

    @Test
    void defined_isUnmodifiable_andKeptAsItIsByTheScope() {
        RuleNames names = new RuleNames();
        names.add("a");
        List<String> view = names.defined();

        assertThatThrownBy(() -> view.add("b")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> view.get(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(ConditionScope.of("f.yar", List.of(), view, java.util.Set.of()).rules()).isSameAs(view);
    }

    /** Random files of names: every view equals a copy of the list at its time, in order and membership. */
    @Test
    void defined_randomNames_equalTheCopiesTheyReplace() {
        Random random = new Random(7);
        for (int round = 0; round < 20; round++) {
            RuleNames names = new RuleNames();
            List<String> plain = new ArrayList<>();
            List<List<String>> views = new ArrayList<>();
            List<List<String>> copies = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                String name = "r" + random.nextInt(80);
                if (plain.contains(name)) {
                    continue;
                }
                names.add(name);
                plain.add(name);
                views.add(names.defined());
                copies.add(List.copyOf(plain));
            }
            for (int v = 0; v < views.size(); v++) {
                assertThat(views.get(v)).isEqualTo(copies.get(v));
                for (int k = 0; k < 80; k++) {
                    assertThat(views.get(v).contains("r" + k)).isEqualTo(copies.get(v).contains("r" + k));
                }
            }
        }
    }
}
