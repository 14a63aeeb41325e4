// A Seven Card Stud and Stud/8 engine in Java (JDK 17, one file, no libraries), written from
// studspec's engine guide alone (docs/validate-engine.rst and docs/engine-rules.rst): it plays
// the base profile over the wire protocol, version 1, in the game each table names.
//
//   java tests/engines/StudEngine.java [--defect odd-chip]
//
// --defect odd-chip plants one defect for the harness to find: the odd chips of a split among
// tied hands go by seat (the lowest first), not in the odd-chip order of POT-05.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class StudEngine {
    static final String RANKS = "23456789TJQKA";
    static final String SUITS = "cdhs"; // suit_order = cdhs: clubs lowest (CARD-04)
    static final int MAX_PLAYERS = 8; // PLAYERS-01
    static final int RAISE_CAP = 3; // BET-08: a bet and three raises

    // ---- cards ----
    static int rank(String card) { return RANKS.indexOf(card.charAt(0)) + 2; } // ace 14
    static int suit(String card) { return SUITS.indexOf(card.charAt(1)); }
    static int lowRank(String card) { int r = rank(card); return r == 14 ? 1 : r; }

    // ---- the hand ----
    final boolean defectOddChip;
    String game;
    int n;
    long ante, bringIn, smallBet, bigBet;
    List<String> deck;
    int next; // the next card of the deck to deal
    List<String> burns = new ArrayList<>();
    String community;
    long[] start, stack, put, wager;
    boolean[] folded, acted, actedSinceFull;
    List<List<String>> down, up;
    int street;
    Integer actor;
    boolean over;
    long level, fullLevel;
    int fullWagers;
    boolean capped;
    int lastAggressor; // the last to bet or raise on the current street, or -1
    List<Integer> shown = new ArrayList<>();

    StudEngine(boolean defectOddChip) { this.defectOddChip = defectOddChip; }

    // ---- start: antes and the 3rd-street deal (ANTE-01, DEAL-01) ----
    String start(Map<String, Object> table) {
        game = (String) table.get("game");
        List<Object> stacks = list(table.get("stacks"));
        n = stacks.size();
        if (n > MAX_PLAYERS) return "PLAYERS-01: at most " + MAX_PLAYERS + " players";
        if (n < 2) return "PLAYERS-02: at least two players";
        Map<String, Object> stakes = map(table.get("stakes"));
        ante = num(stakes.get("ante"));
        bringIn = num(stakes.get("bring_in"));
        smallBet = num(stakes.get("small_bet"));
        bigBet = num(stakes.get("big_bet"));
        deck = new ArrayList<>();
        for (Object card : list(table.get("deck"))) deck.add((String) card);
        start = new long[n]; stack = new long[n]; put = new long[n]; wager = new long[n];
        folded = new boolean[n]; acted = new boolean[n]; actedSinceFull = new boolean[n];
        down = new ArrayList<>(); up = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            start[s] = num(stacks.get(s));
            stack[s] = start[s];
            long posted = Math.min(ante, stack[s]);
            stack[s] -= posted; put[s] += posted;
            down.add(new ArrayList<>()); up.add(new ArrayList<>());
        }
        next = 0;
        for (int round = 0; round < 3; round++)
            for (int s = 0; s < n; s++) (round < 2 ? down : up).get(s).add(deck.get(next++));
        street = 3;
        openThirdStreet();
        return null;
    }

    // BRINGIN-01, BRINGIN-02: the lowest door card, the ace high, ties by suit.
    int bringInSeat() {
        int best = 0;
        for (int s = 1; s < n; s++) {
            String a = up.get(s).get(0), b = up.get(best).get(0);
            if (rank(a) < rank(b) || (rank(a) == rank(b) && suit(a) < suit(b))) best = s;
        }
        return best;
    }

    void newRound() {
        Arrays.fill(wager, 0); Arrays.fill(acted, false); Arrays.fill(actedSinceFull, false);
        level = 0; fullLevel = 0; fullWagers = 0; capped = false; lastAggressor = -1;
    }

    void openThirdStreet() {
        newRound();
        int low = bringInSeat();
        if (stack[low] > 0) {
            // The low card with chips, alone with chips: nobody bets (dealt out to 7th).
            if (withChips() <= 1) { dealOut(); return; }
            actor = low;
            return;
        }
        // BRINGIN-05: the low card all-in on the ante posts nothing; the next player with
        // chips faces the bring-in amount as if it had been posted.
        level = bringIn;
        int first = nextWithChips(low);
        if (first < 0) { dealOut(); return; }
        actor = first;
    }

    int withChips() {
        int count = 0;
        for (int s = 0; s < n; s++) if (!folded[s] && stack[s] > 0) count++;
        return count;
    }

    int live() {
        int count = 0;
        for (int s = 0; s < n; s++) if (!folded[s]) count++;
        return count;
    }

    /** The first seat clockwise after `from` (not `from` itself) still in with chips, or -1. */
    int nextWithChips(int from) {
        for (int k = 1; k <= n; k++) {
            int s = (from + k) % n;
            if (s != from && !folded[s] && stack[s] > 0) return s;
        }
        return -1;
    }

    long increment() { return street <= 4 ? smallBet : bigBet; } // BET-03

    // ---- legal moves (BET-04, BRINGIN-04, BET-02, BET-08 to BET-11) ----
    record Move(String kind, long to) {}

    boolean bringInPending() { return street == 3 && lastAggressor == -1 && level == 0 && !anyActed(); }

    boolean anyActed() {
        for (boolean a : acted) if (a) return true;
        return false;
    }

    List<Move> moves() {
        List<Move> moves = new ArrayList<>();
        if (over || actor == null) return moves;
        int a = actor;
        long all = wager[a] + stack[a];
        if (bringInPending()) {
            // BRINGIN-04: bring in or complete; short of chips, only what he has (BRINGIN-05).
            moves.add(new Move("bring-in", Math.min(bringIn, all)));
            if (stack[a] > bringIn) moves.add(new Move("wager", Math.min(smallBet, all)));
            return moves;
        }
        long toCall = level - wager[a];
        if (toCall <= 0) moves.add(new Move("check", 0));
        else {
            moves.add(new Move("fold", 0));
            moves.add(new Move("call", Math.min(level, all)));
        }
        if (all > level && mayRaise(a)) moves.add(new Move("wager", Math.min(fullLevel + increment(), all)));
        return moves;
    }

    boolean mayRaise(int a) {
        if (level > wager[a] && actedSinceFull[a]) return false; // BET-11: not reopened for him
        boolean someoneAnswers = false; // BET-10: nobody raises when no one could answer
        for (int s = 0; s < n; s++) if (s != a && !folded[s] && stack[s] > 0) someoneAnswers = true;
        if (!someoneAnswers) return false;
        if (capped) return false; // BET-09: a round capped while the cap applied stays capped
        return fullWagers < RAISE_CAP + 1 || withChips() < 3; // BET-08, BET-09 heads-up
    }

    String refusal(Move move) {
        if (over) return "the hand is over";
        for (Move m : moves()) if (m.equals(move)) return null;
        return "not a legal move now: " + move.kind() + " to " + move.to() + " (legal: " + moves() + ")";
    }

    // ---- applying a move ----
    void apply(Move move) {
        int a = actor;
        switch (move.kind()) {
            case "fold" -> {
                folded[a] = true;
                down.get(a).clear(); up.get(a).clear();
                if (live() == 1) { finish(false); return; }
            }
            case "check" -> { }
            case "call" -> pay(a, move.to());
            case "bring-in" -> {
                pay(a, move.to());
                level = Math.max(level, bringIn); // BRINGIN-05: others match the full bring-in
            }
            case "wager" -> {
                pay(a, move.to());
                long raise = move.to() - fullLevel;
                // A full bet or raise, or an all-in at least half an increment above the last full
                // wager (BET-11, short_all_in_rule = half_bet; several in a row count together).
                boolean full = 2 * raise >= increment();
                if (full) {
                    if (fullWagers + 1 >= RAISE_CAP + 1 && withChipsCounting(a) >= 3) capped = true;
                    fullWagers++;
                    fullLevel = move.to();
                    Arrays.fill(actedSinceFull, false);
                }
                level = Math.max(level, move.to());
                lastAggressor = a;
            }
            default -> throw new IllegalStateException(move.kind());
        }
        acted[a] = true;
        actedSinceFull[a] = true;
        advance(a);
    }

    /** Players still in with chips at the moment of a's raise, a included. */
    int withChipsCounting(int a) {
        int count = 0;
        for (int s = 0; s < n; s++) if (!folded[s] && (stack[s] > 0 || s == a)) count++;
        return count;
    }

    void pay(int a, long to) {
        long more = to - wager[a];
        stack[a] -= more; put[a] += more; wager[a] = to;
    }

    boolean pending(int s) {
        if (folded[s] || stack[s] == 0) return false;
        if (wager[s] < level) return true;
        if (acted[s]) return false;
        // BET-10: a player who has matched need not act when every other player is all-in.
        for (int o = 0; o < n; o++) if (o != s && !folded[o] && stack[o] > 0) return true;
        return false;
    }

    void advance(int from) {
        for (int k = 1; k <= n; k++) {
            int s = (from + k) % n;
            if (pending(s)) { actor = s; return; }
        }
        endRound();
    }

    void endRound() {
        if (street == 7) { finish(true); return; }
        street++;
        dealStreet();
        newRound();
        if (withChips() <= 1) { dealOut(); return; }
        int first = firstActor();
        actor = stack[first] > 0 ? first : nextWithChips(first);
    }

    /** Deal the remaining streets to 7th when nobody can bet, then show down. */
    void dealOut() {
        while (street < 7) { street++; dealStreet(); }
        newRound();
        finish(true);
    }

    // ---- dealing 4th to 7th street (DEAL-02, DECK-01, DECK-04, DECK-05) ----
    void dealStreet() {
        List<Integer> in = new ArrayList<>();
        for (int s = 0; s < n; s++) if (!folded[s]) in.add(s);
        if (street < 7 || deck.size() - next >= in.size() + 1) {
            burns.add(deck.get(next++));
            for (int s : in) (street == 7 ? down : up).get(s).add(deck.get(next++));
            return;
        }
        // A short stub: no burn; the stub's cards, then the burns in the order burned; if even
        // those are too few, the first burn is turned up as the community card.
        List<String> source = new ArrayList<>(deck.subList(next, deck.size()));
        source.addAll(burns);
        if (source.size() >= in.size()) {
            for (int i = 0; i < in.size(); i++) down.get(in.get(i)).add(source.get(i));
        } else {
            community = burns.get(0);
        }
        next = deck.size();
    }

    // ---- boards (ACT-01 to ACT-04) ----
    /** A board's value: its group sizes then ranks, larger groups first (no straights or flushes). */
    static int[] boardValue(List<String> cards) {
        int[] count = new int[15];
        for (String c : cards) count[rank(c)]++;
        List<int[]> groups = new ArrayList<>();
        for (int r = 14; r >= 2; r--) if (count[r] > 0) groups.add(new int[] {count[r], r});
        groups.sort((x, y) -> x[0] != y[0] ? y[0] - x[0] : y[1] - x[1]);
        int[] value = new int[10];
        // Pattern (sizes) first: quads > trips > two pair > pair > high cards.
        int pairs = 0, top = groups.get(0)[0];
        for (int[] g : groups) if (g[0] == 2) pairs++;
        value[0] = top == 4 ? 5 : top == 3 ? 4 : pairs >= 2 ? 3 : pairs == 1 ? 2 : 1;
        int i = 1;
        for (int[] g : groups) value[i++] = g[1];
        return value;
    }

    /** The best board among players still in, all-in ones included; ties to the lowest seat. */
    int bestBoard() {
        int best = -1;
        int[] bestValue = null;
        for (int s = 0; s < n; s++) {
            if (folded[s]) continue;
            int[] v = boardValue(up.get(s));
            if (best < 0 || Arrays.compare(v, bestValue) > 0) { best = s; bestValue = v; }
        }
        return best;
    }

    int firstActor() { return bestBoard(); }

    // ---- hands (RANK-01 to RANK-03, LOW-02 to LOW-04) ----
    List<String> cardsOf(int s) {
        List<String> cards = new ArrayList<>(down.get(s));
        cards.addAll(up.get(s));
        if (community != null) cards.add(community);
        return cards;
    }

    static int[] fiveCardValue(List<String> five) {
        int[] count = new int[15];
        boolean flush = true;
        for (String c : five) { count[rank(c)]++; if (c.charAt(1) != five.get(0).charAt(1)) flush = false; }
        List<int[]> groups = new ArrayList<>();
        for (int r = 14; r >= 2; r--) if (count[r] > 0) groups.add(new int[] {count[r], r});
        groups.sort((x, y) -> x[0] != y[0] ? y[0] - x[0] : y[1] - x[1]);
        int straightTop = 0;
        if (groups.size() == 5) {
            if (groups.get(0)[1] - groups.get(4)[1] == 4) straightTop = groups.get(0)[1];
            else if (groups.get(0)[1] == 14 && groups.get(1)[1] == 5) straightTop = 5; // A-2-3-4-5
        }
        int category;
        if (straightTop > 0 && flush) category = 8;
        else if (groups.get(0)[0] == 4) category = 7;
        else if (groups.get(0)[0] == 3 && groups.get(1)[0] == 2) category = 6;
        else if (flush) category = 5;
        else if (straightTop > 0) category = 4;
        else if (groups.get(0)[0] == 3) category = 3;
        else if (groups.get(0)[0] == 2 && groups.get(1)[0] == 2) category = 2;
        else if (groups.get(0)[0] == 2) category = 1;
        else category = 0;
        int[] value = new int[6];
        value[0] = category;
        if (straightTop > 0) value[1] = straightTop;
        else for (int i = 0; i < groups.size(); i++) value[i + 1] = groups.get(i)[1];
        return value;
    }

    static int[] highValue(List<String> cards) {
        int[] best = null;
        int m = cards.size();
        for (int a = 0; a < m; a++) for (int b = a + 1; b < m; b++) {
            List<String> five = new ArrayList<>();
            for (int i = 0; i < m; i++) if (i != a && i != b) five.add(cards.get(i));
            int[] v = fiveCardValue(five);
            if (best == null || Arrays.compare(v, best) > 0) best = v;
        }
        return best;
    }

    /** The low as its five ranks from the highest down (lower is better), or null: no low. */
    static int[] lowValue(List<String> cards) {
        boolean[] has = new boolean[15];
        for (String c : cards) has[lowRank(c)] = true;
        List<Integer> ranks = new ArrayList<>();
        for (int r = 1; r <= 8 && ranks.size() < 5; r++) if (has[r]) ranks.add(r); // low_qualifier 8
        if (ranks.size() < 5) return null;
        int[] value = new int[5];
        for (int i = 0; i < 5; i++) value[i] = ranks.get(4 - i);
        return value;
    }

    // ---- the end of the hand: showing order (SHOW-02) and pots (POT-01 to POT-07) ----
    void finish(boolean showdown) {
        over = true;
        actor = null;
        if (showdown && live() > 1) {
            int first = lastAggressor >= 0 && street == 7 && !folded[lastAggressor] ? lastAggressor : bestBoard();
            for (int k = 0; k < n; k++) {
                int s = (first + k) % n;
                if (!folded[s]) shown.add(s);
            }
        }
        payOut();
    }

    void payOut() {
        long[] left = put.clone();
        // POT-07: the top layer one player alone reached goes back to him if he is still in;
        // a folded player's chips are dead money, never returned (POT-06).
        int top = 0;
        for (int s = 1; s < n; s++) if (left[s] > left[top]) top = s;
        long second = 0;
        for (int s = 0; s < n; s++) if (s != top) second = Math.max(second, left[s]);
        if (left[top] > second && !folded[top]) { stack[top] += left[top] - second; left[top] = second; }
        // POT-06: layers cut at every contribution level; consecutive layers contested by the
        // same players are one pot; a layer no player still in reached joins the pot below.
        long[] levels = Arrays.stream(left).filter(v -> v > 0).distinct().sorted().toArray();
        List<long[]> pots = new ArrayList<>(); // {amount}
        List<List<Integer>> eligible = new ArrayList<>();
        long previous = 0, carry = 0;
        for (long lv : levels) {
            long amount = 0;
            for (int s = 0; s < n; s++) amount += Math.min(left[s], lv) - Math.min(left[s], previous);
            List<Integer> who = new ArrayList<>();
            for (int s = 0; s < n; s++) if (!folded[s] && left[s] >= lv) who.add(s);
            previous = lv;
            if (pots.isEmpty() && who.isEmpty()) { carry += amount; continue; }
            amount += carry;
            carry = 0;
            if (!pots.isEmpty() && (who.isEmpty() || who.equals(eligible.get(eligible.size() - 1)))) {
                pots.get(pots.size() - 1)[0] += amount;
            } else {
                pots.add(new long[] {amount});
                eligible.add(who);
            }
        }
        for (int i = 0; i < pots.size(); i++) divide(pots.get(i)[0], eligible.get(i));
        shownNet();
    }

    void divide(long amount, List<Integer> players) {
        if (players.size() == 1) { stack[players.get(0)] += amount; return; }
        List<Integer> high = new ArrayList<>();
        int[] bestHigh = null;
        for (int s : players) {
            int[] v = highValue(cardsOf(s));
            int c = bestHigh == null ? 1 : Arrays.compare(v, bestHigh);
            if (c > 0) { high.clear(); bestHigh = v; }
            if (c >= 0) high.add(s);
        }
        if (game.equals("hilo")) {
            List<Integer> low = new ArrayList<>();
            int[] bestLow = null;
            for (int s : players) {
                int[] v = lowValue(cardsOf(s));
                if (v == null) continue;
                int c = bestLow == null ? -1 : Arrays.compare(v, bestLow);
                if (c < 0) { low.clear(); bestLow = v; }
                if (c <= 0) low.add(s);
            }
            if (!low.isEmpty()) {
                long lowHalf = amount / 2; // POT-04: the odd chip goes to the high half
                split(amount - lowHalf, high, false);
                split(lowHalf, low, true);
                return;
            }
        }
        split(amount, high, false);
    }

    /** POT-03, POT-05: equal shares; the chips left over one each in the odd-chip order. */
    void split(long amount, List<Integer> winners, boolean lowHalf) {
        long share = amount / winners.size();
        long odd = amount % winners.size();
        List<Integer> order = new ArrayList<>(winners);
        if (!defectOddChip) order.sort(oddChipOrder(lowHalf));
        for (int i = 0; i < order.size(); i++) stack[order.get(i)] += share + (i < odd ? 1 : 0);
    }

    /** card_by_suit, all_cards: the highest card first (the high half), or the lowest card
     *  first with the ace lowest (the low half); a shared card: the next; then the seat. */
    Comparator<Integer> oddChipOrder(boolean lowHalf) {
        Comparator<String> byCard = lowHalf
            ? Comparator.comparingInt((String c) -> lowRank(c)).thenComparingInt(StudEngine::suit)
            : Comparator.comparingInt((String c) -> -rank(c)).thenComparingInt(c -> -suit(c));
        return (x, y) -> {
            List<String> a = new ArrayList<>(cardsOf(x)), b = new ArrayList<>(cardsOf(y));
            a.sort(byCard); b.sort(byCard);
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                int c = byCard.compare(a.get(i), b.get(i));
                if (c != 0) return c;
            }
            return Integer.compare(x, y);
        };
    }

    long[] net;

    void shownNet() {
        net = new long[n];
        for (int s = 0; s < n; s++) net[s] = stack[s] - start[s];
    }

    // ---- the observation ----
    Map<String, Object> observation() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("street", street);
        o.put("actor", over ? null : actor);
        List<Object> moves = new ArrayList<>();
        for (Move m : moves()) moves.add(moveJson(m));
        o.put("moves", moves);
        long pot = 0;
        for (long p : put) pot += p;
        o.put("pot", over ? 0 : pot);
        List<Object> stacks = new ArrayList<>();
        for (long s : stack) stacks.add(s);
        o.put("stacks", stacks);
        List<Object> cards = new ArrayList<>();
        if (!over) for (int s = 0; s < n; s++) {
            Map<String, Object> seat = new LinkedHashMap<>();
            seat.put("down", new ArrayList<Object>(down.get(s)));
            seat.put("up", new ArrayList<Object>(up.get(s)));
            cards.add(seat);
        }
        o.put("cards", cards);
        o.put("community", over ? null : community);
        o.put("over", over);
        o.put("shown", new ArrayList<Object>(shown));
        List<Object> nets = new ArrayList<>();
        if (over) for (long v : net) nets.add(v);
        o.put("net", nets);
        return o;
    }

    static Map<String, Object> moveJson(Move m) {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("kind", m.kind());
        j.put("to", m.to());
        return j;
    }

    // ---- the wire protocol, version 1 ----
    public static void main(String[] args) throws Exception {
        boolean defect = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--defect") && i + 1 < args.length && args[i + 1].equals("odd-chip")) { defect = true; i++; }
            else { System.err.println("usage: StudEngine [--defect odd-chip]"); System.exit(2); }
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        StudEngine engine = null;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            Map<String, Object> request = map(new Json(line).value());
            String op = (String) request.get("op");
            Map<String, Object> reply = new LinkedHashMap<>();
            try {
                switch (op) {
                    case "hello" -> { reply.put("protocol", 1); reply.put("name", "StudEngine.java 1.0"); }
                    case "start" -> {
                        engine = new StudEngine(defect);
                        String refused = engine.start(map(request.get("table")));
                        if (refused != null) { reply.put("refused", refused); engine = null; }
                        else reply.put("observation", engine.observation());
                    }
                    case "refuses" -> reply.put("refusal", engine.refusal(move(request.get("move"))));
                    case "apply" -> {
                        Move m = move(request.get("move"));
                        String refused = engine.refusal(m);
                        if (refused != null) reply.put("refused", refused);
                        else { engine.apply(m); reply.put("observation", engine.observation()); }
                    }
                    case "quit" -> { out.flush(); return; }
                    default -> reply.put("error", "unknown op " + op);
                }
            } catch (RuntimeException e) {
                reply.clear();
                reply.put("error", e.toString());
            }
            out.println(Json.write(reply));
            out.flush();
        }
    }

    static Move move(Object json) {
        Map<String, Object> m = map(json);
        return new Move((String) m.get("kind"), num(m.get("to")));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) { return (Map<String, Object>) o; }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) { return (List<Object>) o; }

    static long num(Object o) { return ((Number) o).longValue(); }

    /** A small JSON reader and writer: objects, arrays, strings, integers, booleans, null. */
    static final class Json {
        final String text;
        int at;

        Json(String text) { this.text = text; }

        Object value() {
            skip();
            char c = text.charAt(at);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                at++; skip();
                if (text.charAt(at) == '}') { at++; return m; }
                while (true) {
                    skip();
                    String key = (String) value();
                    skip(); expect(':');
                    m.put(key, value());
                    skip();
                    if (text.charAt(at) == ',') { at++; continue; }
                    expect('}');
                    return m;
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                at++; skip();
                if (text.charAt(at) == ']') { at++; return l; }
                while (true) {
                    l.add(value());
                    skip();
                    if (text.charAt(at) == ',') { at++; continue; }
                    expect(']');
                    return l;
                }
            }
            if (c == '"') {
                StringBuilder b = new StringBuilder();
                at++;
                while (text.charAt(at) != '"') {
                    char ch = text.charAt(at++);
                    if (ch == '\\') {
                        char e = text.charAt(at++);
                        switch (e) {
                            case 'n' -> b.append('\n');
                            case 't' -> b.append('\t');
                            case 'r' -> b.append('\r');
                            case 'b' -> b.append('\b');
                            case 'f' -> b.append('\f');
                            case 'u' -> { b.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; }
                            default -> b.append(e);
                        }
                    } else b.append(ch);
                }
                at++;
                return b.toString();
            }
            if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            if (text.startsWith("null", at)) { at += 4; return null; }
            int begin = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            return Long.parseLong(text.substring(begin, at));
        }

        void skip() { while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++; }

        void expect(char c) {
            if (text.charAt(at) != c) throw new IllegalArgumentException("expected " + c + " at " + at);
            at++;
        }

        static String write(Object o) {
            if (o == null) return "null";
            if (o instanceof String s) {
                StringBuilder b = new StringBuilder("\"");
                for (char c : s.toCharArray()) {
                    if (c == '"' || c == '\\') b.append('\\').append(c);
                    else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
                return b.append('"').toString();
            }
            if (o instanceof Map<?, ?> m) {
                StringBuilder b = new StringBuilder("{");
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (b.length() > 1) b.append(',');
                    b.append(write(e.getKey())).append(':').append(write(e.getValue()));
                }
                return b.append('}').toString();
            }
            if (o instanceof List<?> l) {
                StringBuilder b = new StringBuilder("[");
                for (Object v : l) {
                    if (b.length() > 1) b.append(',');
                    b.append(write(v));
                }
                return b.append(']').toString();
            }
            return o.toString();
        }
    }
}
