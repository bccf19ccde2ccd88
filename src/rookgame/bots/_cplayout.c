/* The heuristic's card play in C, for the expert's play-outs: the twin of
 * rookgame.bots.heuristic.HeuristicPlayer.lead / follow / discard, played on a sampled deal from
 * each simulated seat's own knowledge (rookgame.bots.playout.seat_knowledge), card for card the
 * same as the Python (tests/test_playout.py plays both over random deals and house rules).
 *
 * Why C: the play-outs are most of the expert's early decisions, and the heuristic's play was
 * most of a play-out (docs/benchmarks.md, "The play-outs in C").  The engine still applies and
 * scores every card: this only says which cards the heuristic plays, in order.
 *
 * Ties break as Python's min and max do over the legal cards in ascending order: the first of
 * the equals wins, so a later card replaces the best only when strictly better.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

/* One contract's per-card tables (rookgame.rules.PlayTables) with the deck's points and the
 * heuristic's discard order (heuristic.discard_ranks), packed once per contract by tables(). */
typedef struct {
    int32_t suit[64], strength[64], key[64], points[64], rank[64];
    u64 above[64];
    u64 suit_mask[4];
    u64 anytime;
    int32_t trump;
} Tables;

static inline int popcount(u64 m) { return __builtin_popcountll(m); }

static int read_ints(PyObject *seq, int32_t *out, Py_ssize_t want, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != want) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd values expected", what, want);
        return -1;
    }
    for (Py_ssize_t i = 0; i < want; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int32_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_masks(PyObject *seq, u64 *out, Py_ssize_t want, Py_ssize_t *got, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (got ? n > want : n != want) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %s%zd values expected", what, got ? "at most " : "", want);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        u64 v = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (u64)-1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = v;
    }
    if (got) *got = n;
    Py_DECREF(fast);
    return 0;
}

/* tables(suit, strength, key, points, rank, above, suit_mask, anytime, trump) -> bytes */
static PyObject *py_tables(PyObject *self, PyObject *args) {
    PyObject *suit, *strength, *key, *points, *rank, *above, *suit_mask;
    unsigned long long anytime;
    int trump;
    if (!PyArg_ParseTuple(args, "OOOOOOOKi", &suit, &strength, &key, &points, &rank, &above, &suit_mask,
                          &anytime, &trump))
        return NULL;
    Tables t;
    memset(&t, 0, sizeof t);
    if (read_ints(suit, t.suit, 64, "suit") || read_ints(strength, t.strength, 64, "strength") ||
        read_ints(key, t.key, 64, "key") || read_ints(points, t.points, 64, "points") ||
        read_ints(rank, t.rank, 64, "rank") || read_masks(above, t.above, 64, NULL, "above") ||
        read_masks(suit_mask, t.suit_mask, 4, NULL, "suit_mask"))
        return NULL;
    t.anytime = anytime;
    t.trump = trump;
    return PyBytes_FromStringAndSize((const char *)&t, sizeof t);
}

typedef struct {
    const Tables *t;
    int n;
    u64 hands[8], voids[8], known[8], team[8]; /* team: per seat, the seats it plays with (a mask) */
    u64 played, deck;
    int trick[8], trick_len, leader, led, bidder;
    /* Call-partner games: the called cards, and per seat the seats it knows on the bidder's side
     * (visible.known_partners), which grow as the called cards fall; a seat's team follows from them
     * (knowledge.team_of). */
    int call;
    u64 called, partners[8];
} Play;

/* knowledge.team_of in a call-partner game's card play */
static u64 call_team(const Play *P, int seat) {
    u64 k = P->partners[seat];
    if ((k >> seat) & 1) return k;
    if (P->called && (P->played & P->called) == P->called) return ((1ULL << P->n) - 1) & ~k;
    return 1ULL << seat;
}

/* kernel.winning_index: the position in the trick of the card winning it so far */
static int winning_index(const Tables *t, const int *trick, int len) {
    int best = 0, best_key = t->key[trick[0]], led = t->suit[trick[0]];
    for (int i = 1; i < len; i++) {
        int c = trick[i], s = t->suit[c];
        if ((s == t->trump || s == led) && t->key[c] > best_key) { best_key = t->key[c]; best = i; }
    }
    return best;
}

/* HeuristicPlayer.lead */
static int lead(const Play *P, int seat, u64 legal) {
    const Tables *t = P->t;
    int trump = t->trump, n = P->n;
    u64 unseen = P->deck & ~(P->hands[seat] | P->played | P->known[seat]);
    u64 opp = ((1ULL << n) - 1) & ~P->team[seat];
    u64 my_trumps = trump >= 0 ? legal & t->suit_mask[trump] : 0;
    /* legal & suit_mask[trump] is the legal cards whose effective colour is trump */
    u64 unseen_trumps = trump >= 0 ? unseen & t->suit_mask[trump] : 0;
    int opp_may_trump = 0;
    if (unseen_trumps)
        for (int s = 0; s < n; s++)
            if (((opp >> s) & 1) && !((P->voids[s] >> trump) & 1)) { opp_may_trump = 1; break; }
    if (my_trumps && opp_may_trump && ((P->team[seat] >> P->bidder) & 1)) {
        int top = -1;
        for (u64 m = my_trumps; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (top < 0 || t->strength[c] > t->strength[top]) top = c;
        }
        if (!(unseen & t->above[top])) return top; /* pull trump while holding control */
        int mine = popcount(my_trumps);
        if (mine * 2 > popcount(unseen_trumps) + mine) { /* long trump: draw with a low one */
            int low = -1;
            for (u64 m = my_trumps; m; m &= m - 1) {
                int c = __builtin_ctzll(m);
                if (low < 0 || t->points[c] < t->points[low] ||
                    (t->points[c] == t->points[low] && t->strength[c] < t->strength[low]))
                    low = c;
            }
            return low;
        }
    }
    /* Cash a sure side winner the opponents cannot trump. */
    int win = -1;
    for (u64 m = legal; m; m &= m - 1) {
        int c = __builtin_ctzll(m), s = t->suit[c];
        if (s == trump || (unseen & t->above[c])) continue;
        if (trump >= 0 && unseen_trumps) {
            int cut = 0;
            for (int o = 0; o < n; o++)
                if (((opp >> o) & 1) && ((P->voids[o] >> s) & 1) && !((P->voids[o] >> trump) & 1)) { cut = 1; break; }
            if (cut) continue;
        }
        if (win < 0 || t->points[c] > t->points[win] ||
            (t->points[c] == t->points[win] && t->strength[c] > t->strength[win]))
            win = c;
    }
    if (win >= 0) return win;
    /* Otherwise lead low from a side colour, keeping counters and trump back. */
    u64 side = trump >= 0 ? legal & ~t->suit_mask[trump] : legal;
    if (!side) side = legal;
    int low = -1;
    for (u64 m = side; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        if (low < 0) { low = c; continue; }
        int pc = t->points[c] > 0, pl = t->points[low] > 0;
        if (pc < pl || (pc == pl && t->strength[c] < t->strength[low])) low = c; /* then c: ascending already */
    }
    return low;
}

/* HeuristicPlayer.discard: the cheapest card, no counter, no trump, low, from a short colour. */
static int discard(const Play *P, int seat, u64 legal) {
    const Tables *t = P->t;
    u64 hand = P->hands[seat];
    long long best_v = 0;
    int best = -1;
    for (u64 m = legal; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        long long v = ((long long)t->rank[c] * 128 + popcount(hand & t->suit_mask[t->suit[c]])) * 64 + c;
        if (best < 0 || v < best_v) { best_v = v; best = c; }
    }
    return best;
}

/* HeuristicPlayer.follow's safe(): would ``card`` still win once the later opponents have played? */
static int safe(const Play *P, u64 unseen, u64 later_opp, int card) {
    const Tables *t = P->t;
    if (!later_opp) return 1;
    int s = t->suit[card], trump = t->trump;
    if (unseen & t->above[card]) return 0;
    if (s != trump && trump >= 0 && (unseen & t->suit_mask[trump])) {
        for (int o = 0; o < P->n; o++)
            if (((later_opp >> o) & 1) && ((P->voids[o] >> P->led) & 1)) return 0;
    }
    return 1;
}

/* HeuristicPlayer.follow */
static int follow(const Play *P, int seat, u64 legal) {
    const Tables *t = P->t;
    int n = P->n, trump = t->trump;
    u64 unseen = P->deck & ~(P->hands[seat] | P->played | P->known[seat]);
    int best_i = winning_index(t, P->trick, P->trick_len);
    int best = P->trick[best_i], winner_seat = (P->leader + best_i) % n;
    u64 team = P->team[seat], later_opp = 0;
    for (int i = P->trick_len + 1; i < n; i++) {
        int s = (P->leader + i) % n;
        if (!((team >> s) & 1)) later_opp |= 1ULL << s;
    }
    int trick_pts = 0;
    for (int i = 0; i < P->trick_len; i++) trick_pts += t->points[P->trick[i]];
    int partner_wins = (team >> winner_seat) & 1;
    if (partner_wins && safe(P, unseen, later_opp, best)) {
        /* Partner is surely winning: feed counters, never trump. */
        u64 feed = trump >= 0 ? legal & ~t->suit_mask[trump] : legal;
        if (trump >= 0 && !(legal & ~t->suit_mask[trump])) feed = legal; /* only trumps: any */
        int f = -1;
        for (u64 m = feed; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (f < 0 || t->points[c] > t->points[f] ||
                (t->points[c] == t->points[f] && -t->strength[c] > -t->strength[f]))
                f = c;
        }
        return f;
    }
    u64 beaters = t->above[best] | (trump >= 0 && t->suit[best] != trump ? t->suit_mask[trump] : 0);
    u64 winners = legal & beaters;
    if (winners && !partner_wins) {
        int sure = -1, sure_a = 0;
        for (u64 m = winners; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (!safe(P, unseen, later_opp, c)) continue;
            /* the cheapest sure winner; but a counter that could be lost later wins its own points now */
            int a = (unseen & t->above[c]) ? -t->points[c] : 0;
            if (sure < 0 || a < sure_a || (a == sure_a && t->key[c] < t->key[sure])) { sure = c; sure_a = a; }
        }
        if (sure >= 0) return sure;
        if (trick_pts >= 10) {
            int top = -1;
            for (u64 m = winners; m; m &= m - 1) {
                int c = __builtin_ctzll(m);
                if (top < 0 || t->key[c] > t->key[top]) top = c;
            }
            return top;
        }
    }
    return discard(P, seat, legal);
}

/* playout(tables, hands, trick, to_act, played, voids, tricks_done, total_tricks, known, teams, bidder,
 *         deck, stop_at, called) -> bytes: the cards the heuristic plays from here, in order, to the end of
 * the hand or (stop_at > 0) to the first lead with stop_at tricks left.  ``teams``: each seat's team as a
 * seat mask; in a call-partner game (``called`` not None: the called cards' mask) each seat's known
 * partners instead, its team worked out from them card by card. */
static PyObject *py_playout(PyObject *self, PyObject *args) {
    Py_buffer tb;
    PyObject *hands, *trick, *voids, *known, *teams, *called = Py_None;
    int to_act, tricks_done, total, bidder, stop_at;
    unsigned long long played, deck;
    if (!PyArg_ParseTuple(args, "y*OOiKOiiOOiKi|O", &tb, &hands, &trick, &to_act, &played, &voids, &tricks_done,
                          &total, &known, &teams, &bidder, &deck, &stop_at, &called))
        return NULL;
    Play P;
    memset(&P, 0, sizeof P);
    if (tb.len != (Py_ssize_t)sizeof(Tables)) {
        PyBuffer_Release(&tb);
        PyErr_SetString(PyExc_ValueError, "tables: not made by tables()");
        return NULL;
    }
    Tables t;
    memcpy(&t, tb.buf, sizeof t);
    PyBuffer_Release(&tb);
    P.t = &t;
    Py_ssize_t n, nv, nk, nt, nt2;
    u64 trick_masks[8];
    if (read_masks(hands, P.hands, 8, &n, "hands") || read_masks(voids, P.voids, 8, &nv, "voids") ||
        read_masks(known, P.known, 8, &nk, "known") || read_masks(teams, P.team, 8, &nt, "teams") ||
        read_masks(trick, trick_masks, 8, &nt2, "trick"))
        return NULL;
    if (n < 2 || nv != n || nk != n || nt != n || nt2 >= n || to_act < 0 || to_act >= n || bidder < 0 ||
        bidder >= n || (t.trump >= 0 && t.trump > 3)) {
        PyErr_SetString(PyExc_ValueError, "playout: inconsistent position");
        return NULL;
    }
    P.n = (int)n;
    P.trick_len = (int)nt2;
    for (int i = 0; i < P.trick_len; i++) {
        if (trick_masks[i] > 63) { PyErr_SetString(PyExc_ValueError, "trick: card out of range"); return NULL; }
        P.trick[i] = (int)trick_masks[i];
    }
    P.leader = (int)((to_act - nt2 + n) % n); /* the seat that led the trick in progress (or leads next) */
    P.led = P.trick_len ? t.suit[P.trick[0]] : -1;
    P.played = (u64)played;
    P.deck = (u64)deck;
    P.bidder = bidder;
    if (called != Py_None) {
        P.call = 1;
        P.called = PyLong_AsUnsignedLongLongMask(called);
        if (P.called == (u64)-1 && PyErr_Occurred()) return NULL;
        memcpy(P.partners, P.team, sizeof P.partners);
    }
    int last = stop_at > 0 ? total - stop_at : -1;
    unsigned char out[64];
    int len = 0;
    while (tricks_done < total && len < 64) {
        if (!P.trick_len && tricks_done == last) break;
        int seat = (P.leader + P.trick_len) % P.n;
        u64 hand = P.hands[seat], legal = hand;
        if (P.trick_len) {
            u64 f = hand & t.suit_mask[P.led];
            if (f) legal = f | (hand & t.anytime);
        }
        if (!legal) { PyErr_SetString(PyExc_ValueError, "playout: a seat to play holds no card"); return NULL; }
        int c;
        if (!(legal & (legal - 1))) c = __builtin_ctzll(legal);
        else {
            if (P.call) P.team[seat] = call_team(&P, seat);
            c = P.trick_len ? follow(&P, seat, legal) : lead(&P, seat, legal);
        }
        out[len++] = (unsigned char)c;
        u64 bit = 1ULL << c;
        P.hands[seat] ^= bit;
        P.played |= bit;
        if (P.called & bit) /* a called card falls: everyone knows its holder is the bidder's partner */
            for (int s = 0; s < P.n; s++) P.partners[s] |= 1ULL << seat;
        if (!P.trick_len) P.led = t.suit[c];
        else if (t.suit[c] != P.led && !(t.anytime & bit)) P.voids[seat] |= 1ULL << P.led;
        P.trick[P.trick_len++] = c;
        if (P.trick_len == P.n) {
            P.leader = (P.leader + winning_index(&t, P.trick, P.n)) % P.n;
            P.trick_len = 0;
            tricks_done++;
        }
    }
    return PyBytes_FromStringAndSize((const char *)out, len);
}

static PyMethodDef methods[] = {
    {"tables", py_tables, METH_VARARGS, "Pack one contract's tables for playout()."},
    {"playout", py_playout, METH_VARARGS, "The heuristic's cards from here, in order (bytes)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cplayout", NULL, -1, methods};

PyMODINIT_FUNC PyInit__cplayout(void) { return PyModule_Create(&module); }
