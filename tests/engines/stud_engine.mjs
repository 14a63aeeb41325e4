// A small Seven Card Stud (and Stud/8) engine in JavaScript, speaking studspec's engine
// protocol (JSON lines on stdin/stdout, version 1). It plays the rules of studspec's `base`
// profile, and is the second-language proof that the protocol is language-neutral: the
// harness drives it with `studspec fuzz --engine 'cmd:node tests/engines/stud_engine.mjs'`.
//
// Planted defects, selected by flag, for the harness to find and shrink:
//   --defect suit-order   bring-in ties broken with spades lowest (not clubs)
//   --defect completion   the 3rd-street completion offered one chip short
//   --defect odd-chip     the odd chip of a split given by seat, not by the cards
//   --defect side-pots    every pot paid as one pot shared by every live hand
//   --defect cap-all-in   the raise cap kept on while three players are in, one all-in
//                         (BET-09 counts the players with chips): uncapped only heads-up
//   --defect show-order   after a called last bet, the caller shows first (not the bettor)
//   --defect cap          on 5th to 7th street a fourth raise is allowed (BET-08)
//   --defect nine-low     a low of five ranks up to a nine qualifies (LOW-02)
//   --defect bringin-high the highest door card brings in (BRINGIN-01)
//   --defect flush-over-full a flush beats a full house (RANK-02)
//   --defect no-community the community card is left out of the hands (DECK-05)
//   --defect short-reopen an all-in raise under half a bet reopens the betting (BET-11)
// It knows the base profile's values only: at most 8 players; suits c<d<h<s; no burn before
// 3rd street; a short stub on 7th street dealt from the stub and the burns, or else one
// burn turned up as a community card; no open-pair option; a bet and 3 raises, uncapped
// heads-up; half a bet reopens; showdown from the last aggressor; odd chips by the cards.
import { createInterface } from "node:readline";

const defects = new Set();
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i] === "--defect") defects.add(process.argv[++i]);
}
const RANKS = "23456789TJQKA";
const SUITS = defects.has("suit-order") ? "shdc" : "cdhs"; // lowest suit first
const rankOf = (card) => RANKS.indexOf(card[0]) + 2;
const suitOf = (card) => SUITS.indexOf(card[1]);
const lowRank = (card) => (rankOf(card) === 14 ? 1 : rankOf(card));

function* combinations(items, k, start = 0, chosen = []) {
  if (chosen.length === k) { yield chosen.slice(); return; }
  for (let i = start; i < items.length; i++) {
    chosen.push(items[i]);
    yield* combinations(items, k, i + 1, chosen);
    chosen.pop();
  }
}

function compare(a, b) { // lexicographic comparison of number arrays
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -Infinity, y = b[i] ?? -Infinity;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function fiveValue(cards) { // [category, ranks...], higher is better
  const ranks = cards.map(rankOf).sort((a, b) => b - a);
  const counts = new Map();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const flush = new Set(cards.map((c) => c[1])).size === 1;
  const distinct = [...new Set(ranks)];
  let top = 0;
  if (distinct.length === 5) {
    if (ranks[0] - ranks[4] === 4) top = ranks[0];
    else if (ranks[0] === 14 && ranks[1] === 5) top = 5; // the wheel
  }
  const shape = groups.map((g) => g[1]).join("");
  const order = groups.map((g) => g[0]);
  if (top && flush) return [8, top];
  const fullHouse = defects.has("flush-over-full") ? 5 : 6; // the planted misranking
  if (shape === "41") return [7, ...order];
  if (shape === "32") return [fullHouse, ...order];
  if (flush) return [11 - fullHouse, ...ranks];
  if (top) return [4, top];
  if (shape === "311") return [3, ...order];
  if (shape === "221") return [2, ...order];
  if (shape === "2111") return [1, ...order];
  return [0, ...ranks];
}

function bestHigh(cards) {
  let best = null;
  for (const five of combinations(cards, 5)) {
    const value = fiveValue(five);
    if (best === null || compare(value, best) > 0) best = value;
  }
  return best;
}

function bestLow(cards) { // descending ranks (ace 1), lower is better; null: no 8-or-better
  let best = null;
  for (const five of combinations(cards, 5)) {
    const ranks = five.map(lowRank).sort((a, b) => b - a);
    if (new Set(ranks).size !== 5 || ranks[0] > (defects.has("nine-low") ? 9 : 8)) continue;
    if (best === null || compare(ranks, best) < 0) best = ranks;
  }
  return best;
}

function boardValue(up) { // pairs, trips and quads count; straights and flushes do not
  const counts = new Map();
  for (const c of up) counts.set(rankOf(c), (counts.get(rankOf(c)) ?? 0) + 1);
  const ordered = up.map(rankOf).sort((a, b) => counts.get(b) - counts.get(a) || b - a);
  return [...ordered.map((r) => counts.get(r)), ...ordered];
}

class Hand {
  constructor(table) {
    const n = table.stacks.length;
    if (n < 2 || n > 8) throw new Refusal(`this engine deals 2 to 8 players, not ${n}`);
    if (table.stacks.some((s) => s <= 0)) throw new Refusal("every player needs chips");
    this.game = table.game;
    this.stakes = table.stakes;
    this.deck = table.deck;
    this.next = 0;
    this.burned = [];
    this.community = null;
    this.n = n;
    this.starting = table.stacks.slice();
    const ante = table.stakes.ante;
    this.contributed = table.stacks.map((s) => Math.min(s, ante));
    this.stack = table.stacks.map((s, i) => s - this.contributed[i]);
    this.folded = new Array(n).fill(false);
    this.down = Array.from({ length: n }, () => []);
    this.up = Array.from({ length: n }, () => []);
    this.street = 3;
    this.over = false;
    this.shown = [];
    this.paid = null;
    for (const pile of [this.down, this.down, this.up]) {
      for (let s = 0; s < n; s++) pile[s].push(this.deck[this.next++]);
    }
    this.openRound();
  }

  cards(s) { // the cards a seat plays: its own and the community card
    const community = this.community && !defects.has("no-community") ? [this.community] : [];
    return [...this.down[s], ...this.up[s], ...community];
  }

  live() { return [...Array(this.n).keys()].filter((s) => !this.folded[s]); }
  canAct(s) { return !this.folded[s] && this.stack[s] > 0; }
  increment() { return this.street <= 4 ? this.stakes.small_bet : this.stakes.big_bet; }

  opener() {
    const live = this.live();
    if (this.street === 3) { // lowest door card, the ace high; ties by suit
      return live.reduce((a, b) => {
        const [ca, cb] = [this.up[a][0], this.up[b][0]];
        const ka = [rankOf(ca), suitOf(ca)], kb = [rankOf(cb), suitOf(cb)];
        if (defects.has("bringin-high")) return compare(kb, ka) > 0 ? b : a;
        return compare(kb, ka) < 0 ? b : a;
      });
    }
    return live.reduce((a, b) => // best board; ties to the lowest seat
      compare(boardValue(this.up[b]), boardValue(this.up[a])) > 0 ? b : a);
  }

  openRound() {
    const first = this.opener();
    this.firstActor = first;
    this.lastAggressor = null;
    this.lastCaller = null;
    this.wager = new Array(this.n).fill(0);
    this.acted = new Array(this.n).fill(false);
    this.fullLevel = 0; this.wagers = 0; this.capped = false;
    const others = this.live().some((s) => s !== first && this.canAct(s));
    this.bringIn = this.street === 3 && this.stack[first] > 0 && others ? first : null;
    this.level = this.street === 3 && this.stack[first] === 0 ? this.stakes.bring_in : 0;
    this.actor = this.bringIn ?? this.nextActor(first, true);
    if (this.actor === null) this.finishRound();
  }

  needsToAct(s) {
    if (!this.canAct(s) || this.live().length <= 1) return false;
    if (this.wager[s] < this.level) return true;
    return !this.acted[s] && this.live().some((o) => o !== s && this.canAct(o));
  }

  nextActor(after, inclusive = false) {
    for (let step = inclusive ? 0 : 1; step < this.n + (inclusive ? 0 : 1); step++) {
      const s = (after + step) % this.n;
      if (this.needsToAct(s)) return s;
    }
    return null;
  }

  contenders() { // the players the raise cap counts: those with chips (BET-09)
    const live = this.live();
    return defects.has("cap-all-in") ? live.length : live.filter((o) => this.canAct(o)).length;
  }

  capAt() { // a bet and three raises (the planted defect: four on the big-bet streets)
    return defects.has("cap") && this.street >= 5 ? 5 : 4;
  }

  mayWager() {
    const s = this.actor;
    if (this.acted[s] || this.stack[s] <= this.level - this.wager[s]) return false;
    if (!this.live().some((o) => o !== s && this.canAct(o))) return false;
    if (this.wagers >= this.capAt() && this.contenders() > 2) return false;
    return !this.capped;
  }

  wagerMoves() {
    const s = this.actor;
    const target = Math.min(this.fullLevel + this.increment(), this.wager[s] + this.stack[s]);
    if (target <= this.level) return [];
    const short = defects.has("completion") && this.street === 3 && this.fullLevel === 0;
    return [{ kind: "wager", to: short ? target - 1 : target }];
  }

  moves() {
    if (this.over || this.actor === null) return [];
    const s = this.actor;
    if (this.bringIn === s) {
      const amount = Math.min(this.stakes.bring_in, this.stack[s]);
      const moves = [{ kind: "bring-in", to: amount }];
      return this.stack[s] > this.stakes.bring_in ? moves.concat(this.wagerMoves()) : moves;
    }
    const moves = [];
    if (this.level > this.wager[s]) {
      moves.push({ kind: "fold", to: 0 },
        { kind: "call", to: Math.min(this.level, this.wager[s] + this.stack[s]) });
    } else {
      moves.push({ kind: "check", to: 0 });
    }
    return this.mayWager() ? moves.concat(this.wagerMoves()) : moves;
  }

  refusal(move) {
    const ok = this.moves().some((m) => m.kind === move.kind && m.to === move.to);
    return ok ? null : `${move.kind} ${move.to} is not allowed now`;
  }

  apply(move) {
    const reason = this.refusal(move);
    if (reason !== null) throw new Refusal(reason);
    const s = this.actor;
    const capInForce = this.contenders() > 2; // counted before the move (BET-09)
    const to = move.kind === "fold" || move.kind === "check" ? this.wager[s] : move.to;
    this.stack[s] -= to - this.wager[s];
    this.wager[s] = to;
    this.acted[s] = true;
    if (move.kind === "fold") this.folded[s] = true;
    if (move.kind === "bring-in") this.level = this.stakes.bring_in;
    if (move.kind === "call") this.lastCaller = s;
    if (move.kind === "wager") {
      const size = to - this.fullLevel;
      this.level = Math.max(this.level, to);
      const allIn = this.stack[s] === 0;
      const reopens = 2 * size >= this.increment() ||
        (defects.has("short-reopen") && allIn && this.fullLevel > 0);
      if (reopens) { // half a bet counts as a full bet or raise
        this.fullLevel = to; this.wagers += 1;
        if (this.wagers >= this.capAt() && capInForce) this.capped = true;
        this.acted = this.acted.map((a, o) => (o === s ? a : false));
      }
      this.lastAggressor = s;
    }
    this.bringIn = null;
    this.actor = this.nextActor(s);
    if (this.actor === null) this.finishRound();
  }

  finishRound() {
    for (let s = 0; s < this.n; s++) this.contributed[s] += this.wager[s];
    this.wager = new Array(this.n).fill(0);
    this.actor = null;
    if (this.live().length === 1) return this.settle();
    if (this.street === 7) return this.showdown();
    this.street += 1;
    const live = this.live();
    let packet = this.deck.slice(this.next);
    if (this.street === 7 && packet.length < 1 + live.length) { // a short stub
      if (packet.length + this.burned.length < live.length) {
        this.community = this.burned[0]; // too few even with the burns: one turned up
        return this.openRound();
      }
      packet = packet.concat(this.burned); // stub and burns together, no new burn
    } else {
      this.burned.push(packet.shift());
    }
    for (const s of live) (this.street === 7 ? this.down : this.up)[s].push(packet.shift());
    this.next = 52 - packet.length;
    this.openRound();
  }

  showdown() {
    const live = this.live();
    let first = this.lastAggressor;
    if (defects.has("show-order") && first !== null && this.lastCaller !== null) {
      first = this.lastCaller;
    }
    if (first === null) first = live.find((s) => s >= this.firstActor) ?? live[0];
    this.shown = live.slice().sort((a, b) => ((a - first + this.n) % this.n) -
                                             ((b - first + this.n) % this.n));
    this.settle();
  }

  pots() { // [amount, eligible seats] main pot first; uncalled chips go back
    const live = new Set(this.live());
    const levels = [...new Set(this.contributed.filter((c) => c > 0))].sort((a, b) => a - b);
    const pots = [];
    let below = 0;
    for (const level of levels) {
      const contributors = [...Array(this.n).keys()].filter((s) => this.contributed[s] >= level);
      const amount = (level - below) * contributors.length;
      const eligible = contributors.filter((s) => live.has(s));
      below = level;
      if (contributors.length === 1 && eligible.length) {
        this.paid[eligible[0]] += amount;
      } else if (pots.length && (!eligible.length ||
                 pots.at(-1)[1].join() === eligible.join())) {
        pots.at(-1)[0] += amount;
      } else {
        pots.push([amount, eligible]);
      }
    }
    return pots;
  }

  settle() {
    this.over = true;
    this.paid = new Array(this.n).fill(0);
    let pots = this.pots();
    const live = this.live();
    if (live.length === 1) {
      for (const [amount] of pots) this.paid[live[0]] += amount;
      return;
    }
    if (defects.has("side-pots")) pots = [[pots.reduce((t, p) => t + p[0], 0), live]];
    const cards = (s) => this.cards(s);
    for (const [amount, eligible] of pots) {
      const high = new Map(eligible.map((s) => [s, bestHigh(cards(s))]));
      const top = [...high.values()].reduce((a, b) => (compare(a, b) >= 0 ? a : b));
      const highWinners = eligible.filter((s) => compare(high.get(s), top) === 0);
      let lowWinners = [];
      if (this.game === "hilo") {
        const low = new Map(eligible.map((s) => [s, bestLow(cards(s))]));
        const lows = eligible.filter((s) => low.get(s) !== null);
        if (lows.length) {
          const best = lows.map((s) => low.get(s)).reduce((a, b) => (compare(a, b) <= 0 ? a : b));
          lowWinners = lows.filter((s) => compare(low.get(s), best) === 0);
        }
      }
      const lowHalf = lowWinners.length ? Math.floor(amount / 2) : 0;
      this.split(amount - lowHalf, this.oddChipOrder(highWinners, "high"));
      if (lowWinners.length) this.split(lowHalf, this.oddChipOrder(lowWinners, "low"));
    }
  }

  oddChipOrder(winners, half) { // high: highest card by suit first; low: lowest first
    if (defects.has("odd-chip")) return winners.slice().sort((a, b) => a - b);
    const key = (s) => {
      const keys = this.cards(s).map((c) =>
        [half === "low" ? lowRank(c) : rankOf(c), "cdhs".indexOf(c[1])]);
      keys.sort(compare);
      return half === "low" ? keys.flat() : keys.reverse().flat().map((x) => -x);
    };
    return winners.slice().sort((a, b) => compare(key(a), key(b)) || a - b);
  }

  split(amount, order) {
    const share = Math.floor(amount / order.length);
    const odd = amount - share * order.length;
    order.forEach((s, place) => { this.paid[s] += share + (place < odd ? 1 : 0); });
  }

  observation() {
    const over = this.over;
    const stacks = over ? this.stack.map((s, i) => s + this.paid[i]) : this.stack.slice();
    const pot = over ? 0 : this.contributed.reduce((a, b) => a + b, 0) +
      this.wager.reduce((a, b) => a + b, 0);
    return {
      street: this.street, actor: over ? null : this.actor, moves: this.moves(), pot, stacks,
      cards: over ? [] : [...Array(this.n).keys()].map((s) => (this.folded[s]
        ? { down: [], up: [] } : { down: this.down[s].slice(), up: this.up[s].slice() })),
      community: over ? null : this.community, over, shown: over ? this.shown : [],
      net: over ? stacks.map((s, i) => s - this.starting[i]) : [],
    };
  }
}

class Refusal extends Error {}

let hand = null;
const send = (reply) => process.stdout.write(JSON.stringify(reply) + "\n");
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  try {
    if (request.op === "hello") send({ protocol: 1, name: "stud_engine.mjs", games: ["high", "hilo"] });
    else if (request.op === "quit") process.exit(0);
    else if (request.op === "start") { hand = new Hand(request.table); send({ observation: hand.observation() }); }
    else if (request.op === "refuses") send({ refusal: hand ? hand.refusal(request.move) : "no hand" });
    else if (request.op === "apply") { hand.apply(request.move); send({ observation: hand.observation() }); }
    else send({ error: `unknown op ${request.op}` });
  } catch (error) {
    if (error instanceof Refusal) send({ refused: error.message });
    else send({ error: String(error && error.stack || error) });
  }
});
