/* Exact card-play solver for Rook: the C twin of rookgame.solver.core.AlphaBeta.
 *
 * Fail-soft null-window searches ("can the bidder's team still take >= needed points?") with
 * a transposition table of value bounds and best moves at trick starts, kept as in partition
 * search (an entry holds for every position that differs from its own only in the order of
 * cards whose ranks did not matter), equivalent-card pruning, move ordering and sure-point
 * bounds; the exact value comes from probing the top value, then a binary search over probes
 * narrowed by the bounds they return.  Cards are renumbered inside (colour by colour, strongest
 * first) so that hands are 64-bit masks in which a colour is a run of bits.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef uint64_t u64;

#define KILLER_BONUS (1 << 21) /* a lead that cut off last time: first within its kind of lead */

/* A trick-start position by relative ranks, kept as in partition search: an entry holds the
 * bounds proved for every position that has (a) the same leader, the same tricks won by each
 * side where a bonus is at stake, and in each colour the same cards by (owner, point class,
 * may-be-played-anytime) as a multiset: the 64-bit fingerprint of all that (the bucket's tag),
 * and (b) in each colour the same top ks[colour] cards, in order, by (owner, point class,
 * anytime): a 64-bit hash of those codes in `key` (see prefix_hash).  The cards below a colour's
 * top ks[colour] are the ranks that did not matter: which of them is stronger never decided a
 * trick in the search that proved the bounds (see `search`, S->rel). */
typedef struct {
    u64 key;
    int16_t lo, hi;
    uint8_t ks[4];
    uint32_t gen : 9;  /* the solve that wrote it (mod 512): older entries count as empty */
    uint32_t leader : 3;
    uint32_t used : 7; /* cards left + 1 */
    uint32_t best_s : 3, best_j : 6; /* the last cut-off move: colour (7: none), index among its cards */
    uint32_t stamp; /* when it was last written (nodes, low bits): among equals the oldest goes */
} Entry;
typedef char entry_is_24_bytes[sizeof(Entry) == 24 ? 1 : -1];
/* Buckets of `ways` entries (a solve's choice): first the entries' tags (fingerprint and solve)
 * side by side, so that a lookup reads them and then only the entries whose tags match, then
 * the entries.  Every position with the same rank-free fingerprint lands in the same bucket,
 * whichever of its ranks count, so whole deals of many cards want wide buckets. */
#define WAYS_SMALL 8
#define WAYS_LARGE 32 /* for positions with more than LARGE_CARDS cards in the hands */
#define LARGE_CARDS 40
#define SLOT_BYTES (sizeof(u64) + sizeof(Entry))
#define GEN_MOD 512

/* The hashes of each colour's top cards' codes at one trick start, worked out as far down each
 * colour as an entry asks: ph[colour][j] for the top j cards. */
typedef struct {
    u64 ph[4][65];
    u64 rest[4]; /* the colour's cards below the ones hashed */
    int depth[4];
    int ready;
} Prefix;

/* One table for the process, reused by every solve (allocating and clearing tens of MB per
 * solve cost more than small solves themselves). */
static unsigned char *g_tt = NULL;
static size_t g_tt_len = 0; /* bytes mapped at g_tt_mem (Linux), 0 where calloc gave it */
static int g_ways = 0; /* the layout of the table's last solve */
static void *g_tt_mem = NULL;
static int g_tt_bits = 0;
static uint32_t g_gen = 0;

typedef struct {
    int n;
    u64 hands[8];
    int suit[64];
    int key[64];
    int points[64];
    u64 suit_mask[4];
    u64 anytime;
    int trump;
    u64 team;
    int last_bonus, total_tricks, most_bonus, count_bonus, count_at, bonus_matters;
    /* Scoring sides (kernel.side_of): in individual games every seat is one, so the bonuses
     * need each side's tricks, not the team's total. */
    int side[8];  /* each seat's side */
    int nsides;
    int won[8];   /* tricks each side has won */
    u64 team_sides; /* the sides of the team's seats, as a mask */
    int won_bits; /* bits for one side's trick count in the key */
    int trick[8];
    int trick_len, leader, led, tricks_done, rem_pts;
    long long nodes, max_nodes;
    double deadline; /* CLOCK_MONOTONIC seconds past which the search gives up; 0 for none */
    int aborted;
    int history[8][64];
    int killer[8][64]; /* the last lead that cut off, per seat and tricks done (internal number + 1) */
    int prize; /* the one trump worth more than every other card (the Rook Bird), else -1 */
    int pclass[64];
    int rank[64]; /* how many cards are weaker (by key) */
    u64 scode[64]; /* a card's point class and anytime flag, as in the key */
    u64 cur_verify;   /* the current trick-start position's fingerprint (tt_hash) */
    u64 h1, h2;       /* sums of the fingerprints of the cards in the hands, kept by play */
    /* Partition search: the cards whose ranks the last search's result depends on, as a mask
     * of internal card numbers closed upwards in each colour (with a card, every stronger card
     * of its colour); sound only where a trump beats every card of another colour and no two
     * cards of a colour are equally strong (partition; else every rank counts). */
    u64 rel;
    int partition;
    u64 upto[64];     /* a card and every stronger card of its colour */
    u64 z1[64][8], z2[64][8]; /* fingerprints of (card's colour, owner, point class, anytime) */
    int8_t owner[64]; /* the seat holding each card, -1 once played */
    u64 inhand;       /* every card still in a hand */
    Prefix *pre;      /* per trick start on the search's path, by tricks done */
    u64 table;        /* the cards on the table */
    unsigned char *tt;
    u64 tt_mask; /* buckets - 1 */
    int ways;
    /* Bounds on the next exact() (the root's cards: each is at most the root's value for the team
     * to move, at least it for the others), taken off by the points the card's trick gains. */
    int b_lo, b_hi;
} Solver;

static inline u64 mix(u64 x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* The current trick-start position's fingerprint (of the cards in the hands by colour, owner,
 * point class and anytime flag, with the leader and the sides' tricks) in cur_verify; returns
 * the table index hash, from other bits. */
static inline u64 tt_hash(Solver *S) {
    u64 w = (u64)S->leader;
    if (S->bonus_matters)
        for (int j = 0; j + 1 < S->nsides; j++) w = w * 37 + (u64)S->won[j] + 1;
    S->cur_verify = mix(S->h2 ^ mix(w + 0x5555));
    return mix(S->h1 ^ mix(w));
}

/* The hash of the codes (owner, point class, anytime flag) of colour s's top k cards, strongest
 * first: a chain over the codes from a seed of the colour's. */
static inline u64 prefix_hash(Solver *S, Prefix *q, int s, int k) {
    if (!q->ready) {
        for (int x = 0; x < 4; x++) {
            q->ph[x][0] = 0x51ED27A1C3ULL * (u64)(x + 1);
            q->rest[x] = S->inhand & S->suit_mask[x];
            q->depth[x] = 0;
        }
        q->ready = 1;
    }
    while (q->depth[s] < k) {
        u64 m = q->rest[s], h = q->ph[s][q->depth[s]];
        u64 code = m ? ((u64)S->owner[__builtin_ctzll(m)] | S->scode[__builtin_ctzll(m)]) + 1 : 0xFF;
        q->rest[s] = m & (m - 1);
        h = (h ^ code) * 0x9E3779B97F4A7C15ULL;
        q->ph[s][++q->depth[s]] = h ^ (h >> 29);
    }
    return q->ph[s][k];
}

/* An entry's key: the position's top ks[colour] codes of every colour, hashed. */
static inline u64 key_of(Solver *S, Prefix *q, const uint8_t *ks) {
    return mix(prefix_hash(S, q, 0, ks[0]) + prefix_hash(S, q, 1, ks[1]) * 0xD6E8FEB86659FD93ULL
               + prefix_hash(S, q, 2, ks[2]) * 0xA0761D6478BD642FULL + prefix_hash(S, q, 3, ks[3]) * 0xE7037ED1A0B428DBULL);
}

static inline int tt_match(Solver *S, Prefix *q, Entry *e) {
    if (e->gen != g_gen || !e->used || (int)e->leader != S->leader) return 0;
    return e->key == key_of(S, q, e->ks);
}

/* The cards of the position whose ranks count for an entry (its top ks cards of each colour). */
static u64 rel_of(Solver *S, const Entry *e) {
    if (!S->partition) return ~0ULL;
    u64 r = 0;
    for (int s = 0; s < 4; s++) {
        if (!e->ks[s]) continue;
        u64 m = S->inhand & S->suit_mask[s];
        for (int j = 1; j < e->ks[s] && m; j++) m &= m - 1;
        if (m) r |= S->upto[__builtin_ctzll(m)];
    }
    return r;
}

/* How many of each colour's top cards count, for the ranks in rel. */
static void ks_of(Solver *S, u64 rel, int *ks) {
    for (int s = 0; s < 4; s++)
        ks[s] = __builtin_popcountll(S->inhand & S->suit_mask[s] & (S->partition ? rel : ~0ULL));
}

/* The entry's key for the current position with the top kv[colour] cards of each colour counting. */
static void set_key(Solver *S, Prefix *q, Entry *e, const int *kv) {
    for (int s = 0; s < 4; s++) e->ks[s] = (uint8_t)kv[s];
    e->key = key_of(S, q, e->ks);
}

static inline u64 tt_tag(Solver *S) { return S->cur_verify ^ ((u64)g_gen * 0x9E3779B97F4A7C15ULL); }

static inline u64 *bucket_of(Solver *S, u64 h) {
    return (u64 *)(S->tt + (size_t)(h & S->tt_mask) * SLOT_BYTES * (size_t)S->ways);
}

static inline Entry *entries_of(Solver *S, u64 *tags) { return (Entry *)(tags + S->ways); }


/* A slot for a new entry: an empty one, else the one with the fewest cards left (the cheapest
 * to search again), the least recently written of those. */
static Entry *tt_claim(Solver *S, u64 h, int cards_left) {
    u64 *tags = bucket_of(S, h);
    Entry *es = entries_of(S, tags);
    int v = 0;
    for (int i = 0; i < S->ways; i++) {
        Entry *x = &es[i], *y = &es[v];
        if (x->gen != g_gen || !x->used) { v = i; break; }
        if (x->used < y->used || (x->used == y->used && x->stamp < y->stamp)) v = i;
    }
    Entry *e = &es[v];
    tags[v] = tt_tag(S);
    e->leader = (uint32_t)S->leader;
    e->lo = 0;
    e->hi = 32767;
    e->used = (uint32_t)(cards_left + 1);
    e->gen = g_gen;
    e->best_s = 7;
    e->best_j = 0;
    memset(e->ks, 0, sizeof e->ks);
    return e;
}

/* The entry to record a bound in whose ranks counting are those in rel: one that holds for this
 * position and counts no more ranks (the bound holds for all the positions it covers), else a
 * new one, which takes over the bounds of an entry that holds here and counts fewer ranks.
 * `matched`: the slots whose entries held for the position at its lookup.  The search below it
 * wrote no entry with this position's tag (every position under it has fewer cards), so the
 * entries that hold now are those of them that still have the tag. */
static Entry *tt_store(Solver *S, Prefix *q, u64 h, int cards_left, u64 rel, u64 matched) {
    int kv[4];
    ks_of(S, rel, kv);
    u64 *tags = bucket_of(S, h);
    Entry *es = entries_of(S, tags);
    u64 t = tt_tag(S);
    Entry *coarser = NULL;
    for (; matched; matched &= matched - 1) {
        int i = __builtin_ctzll(matched);
        Entry *x = &es[i];
        if (tags[i] != t) continue;
        int le = 1, ge = 1;
        for (int s = 0; s < 4; s++) {
            if (x->ks[s] > kv[s]) le = 0;
            if (x->ks[s] < kv[s]) ge = 0;
        }
        if (ge) return x;
        if (le) coarser = x;
    }
    int lo = coarser ? coarser->lo : 0, hi = coarser ? coarser->hi : 32767;
    int bs = coarser ? (int)coarser->best_s : 7, bj = coarser ? (int)coarser->best_j : 0;
    Entry *e = tt_claim(S, h, cards_left);
    set_key(S, q, e, kv);
    e->lo = (int16_t)lo;
    e->hi = (int16_t)hi;
    e->best_s = (uint32_t)bs;
    e->best_j = (uint32_t)bj;
    return e;
}

static int trick_winner(Solver *S) {
    int led = S->suit[S->trick[0]];
    int best = 0, best_key = S->key[S->trick[0]];
    for (int i = 1; i < S->trick_len; i++) {
        int c = S->trick[i], s = S->suit[c];
        if ((s == S->trump || s == led) && S->key[c] > best_key) {
            best_key = S->key[c];
            best = i;
        }
    }
    return (S->leader + best) % S->n;
}

/* The team's bonuses once every trick is won (kernel.trick_bonuses, summed over the team's
 * sides): the most-tricks bonus to the one side with strictly the most tricks, the trick-count
 * bonus to each side with at least count_at. */
static int end_bonus(Solver *S) {
    if (!S->bonus_matters) return 0;
    int out = 0;
    if (S->most_bonus) {
        int top = -1, tops = 0, who = -1;
        for (int j = 0; j < S->nsides; j++) {
            if (S->won[j] > top) { top = S->won[j]; tops = 1; who = j; }
            else if (S->won[j] == top) tops++;
        }
        if (tops == 1 && ((S->team_sides >> who) & 1)) out += S->most_bonus;
    }
    if (S->count_bonus)
        for (int j = 0; j < S->nsides; j++)
            if (((S->team_sides >> j) & 1) && S->won[j] >= S->count_at) out += S->count_bonus;
    return out;
}

static u64 legal_mask(Solver *S, int seat) {
    u64 hand = S->hands[seat];
    if (S->trick_len) {
        u64 follow = hand & S->suit_mask[S->led];
        if (follow) return follow | (hand & S->anytime);
    }
    return hand;
}

/* Candidate cards, one per run of equivalent cards, best-looking first; the cards left out as
 * equivalent to the next stronger one in *skipped. */
static int candidates(Solver *S, int seat, int *out, int first, u64 *skipped) {
    u64 legal = legal_mask(S, seat);
    u64 remaining = S->inhand | S->table;
    int nc = 0;
    *skipped = 0;
    for (u64 m = legal; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        /* the next stronger remaining card of the colour: a run of equivalent cards with c? */
        u64 above = remaining & S->suit_mask[S->suit[c]] & ((1ULL << c) - 1);
        if (above) {
            int p = 63 - __builtin_clzll(above);
            if (((legal >> p) & 1) && S->points[p] == S->points[c] && ((S->anytime >> p) & 1) == ((S->anytime >> c) & 1)) {
                *skipped |= 1ULL << c;
                continue;
            }
        }
        out[nc++] = c;
    }
    /* Ordering scores: higher first. */
    int score[64];
    if (S->trick_len == 0) {
        /* Leading: a card nobody can beat (the top remaining card of a plain colour where no
         * opponent can ruff, or a top trump while the opponents hold trumps) first, then a low
         * card for partner to ruff, then a low card to partner's top card; within each kind the
         * last lead that cut off at this seat and trick first, then by the history of cut-offs. */
        u64 trumps = S->trump >= 0 ? S->suit_mask[S->trump] : 0;
        int my_side = (int)((S->team >> seat) & 1), ruffable[4] = {0, 0, 0, 0};
        for (int o = 0; o < S->n; o++) {
            if ((int)((S->team >> o) & 1) == my_side) continue;
            u64 h = S->hands[o];
            for (int x = 0; x < 4; x++)
                if (x != S->trump && ((h & S->anytime) || (!(h & S->suit_mask[x]) && (h & trumps)))) ruffable[x] = 1;
        }
        int partner_ruff[4] = {0, 0, 0, 0}, opp_trumps = 0;
        for (int o = 0; o < S->n; o++)
            if ((int)((S->team >> o) & 1) != my_side) opp_trumps += __builtin_popcountll(S->hands[o] & trumps);
        for (int o = 0; o < S->n; o++) {
            if (o == seat || (int)((S->team >> o) & 1) != my_side) continue;
            u64 h = S->hands[o];
            for (int x = 0; x < 4; x++)
                if (x != S->trump && !(h & S->suit_mask[x]) && (h & trumps)) partner_ruff[x] = 1;
        }
        for (int i = 0; i < nc; i++) {
            int c = out[i], s = S->suit[c];
            int top = !(remaining & S->suit_mask[s] & ((1ULL << c) - 1));
            if (top && ruffable[s]) top = 0;
            if (!top) { /* a low lead to partner's top card */
                u64 rem = remaining & S->suit_mask[s];
                int t = __builtin_ctzll(rem), ow = S->owner[t];
                if (ow >= 0 && ow != seat && (int)((S->team >> ow) & 1) == my_side && !ruffable[s]) {
                    score[i] = (1 << 22) + S->points[c] * 1024 + S->history[seat][c]; /* counters first */
                    continue;
                }
                if (partner_ruff[s] && !ruffable[s]) { /* a low lead for partner to ruff, counters first */
                    score[i] = (1 << 23) + S->points[c] * 1024 + S->history[seat][c];
                    continue;
                }
            }
            /* a top trump: first only while it draws the opponents' trumps */
            int cat = top && (s != S->trump || opp_trumps) ? 1 << 24 : 0;
            score[i] = cat + (top ? S->points[c] * 1024 : 0) + S->history[seat][c];
        }
        for (int i = 0; i < nc; i++) /* within its kind, the last lead that cut off here first */
                if (out[i] + 1 == S->killer[seat][S->tricks_done]) score[i] += KILLER_BONUS;
    } else {
        int w = trick_winner(S);
        int led = S->suit[S->trick[0]];
        int best_key = -2147483647;
        for (int i = 0; i < S->trick_len; i++) {
            int c = S->trick[i], s = S->suit[c];
            if ((s == S->trump || s == led) && S->key[c] > best_key) best_key = S->key[c];
        }
        int my_side = (int)((S->team >> seat) & 1);
        /* The strongest card each side can still put on this trick after this seat. */
        int later_max[2] = {-2147483647, -2147483647};
        for (int j = S->trick_len + 1; j < S->n; j++) {
            int o = (S->leader + j) % S->n;
            u64 h = S->hands[o], follow = h & S->suit_mask[led];
            u64 m = follow ? (follow | (h & S->anytime)) : h;
            m &= S->suit_mask[led] | (S->trump >= 0 ? S->suit_mask[S->trump] : 0);
            int side = (int)((S->team >> o) & 1);
            while (m) {
                int c = __builtin_ctzll(m);
                m &= m - 1;
                if (S->key[c] > later_max[side]) later_max[side] = S->key[c];
            }
        }
        int w_side = (int)((S->team >> w) & 1);
        for (int i = 0; i < nc; i++) {
            int c = out[i], s = S->suit[c];
            int wins = (s == S->trump || s == led) && S->key[c] > best_key;
            int top = wins ? S->key[c] : best_key;
            int side = wins ? my_side : w_side;
            int secure = later_max[!side] < top;
            if (side == my_side && secure) /* ours: with the most points, the cheapest winner (but the
                                            * prize trump wins only where no cheaper card does) */
                score[i] = (1 << 28) + (wins && c == S->prize ? 0 : S->points[c] * 256) - S->rank[c];
            else if (side == my_side) /* ours for now: the fewest points; the strongest winner, else the weakest */
                score[i] = (1 << 24) - S->points[c] * 256 + (wins ? S->rank[c] : -S->rank[c]);
            else /* theirs: the least */
                score[i] = -S->points[c] * 256 - S->rank[c];
        }
    }
    if (first >= 0)
        for (int i = 0; i < nc; i++)
            if (out[i] == first) score[i] = 1 << 30;
    for (int i = 1; i < nc; i++) { /* insertion sort, descending score */
        int c = out[i], sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) {
            out[j + 1] = out[j];
            score[j + 1] = score[j];
            j--;
        }
        out[j + 1] = c;
        score[j + 1] = sc;
    }
    return nc;
}

static int search(Solver *S, int needed);

/* The ranks a full trick's result depends on: the winning card's, where it beat another card of
 * its colour (a card that wins as the only one of its colour in the trick wins by the colours
 * alone, which every position of the partition shares). */
static inline u64 winner_rel(Solver *S, int wc) {
    int ws = S->suit[wc];
    for (int i = 0; i < S->n; i++)
        if (S->trick[i] != wc && S->suit[S->trick[i]] == ws) return S->upto[wc];
    return 0;
}


static int exact(Solver *S, int step);

/* Play card c for seat and search on.  With step == 0 (a probe): whether the team still reaches
 * needed.  With step > 0: the exact value of the team's points from here (binary search of
 * probes in steps of step). */
static int play(Solver *S, int seat, int c, int needed, int step) {
    u64 bit = 1ULL << c;
    int saved_led = S->led;
    S->hands[seat] ^= bit;
    S->inhand ^= bit;
    S->table |= bit;
    S->owner[c] = -1;
    S->h1 -= S->z1[c][seat];
    S->h2 -= S->z2[c][seat];
    S->trick[S->trick_len++] = c;
    if (S->trick_len == 1) S->led = S->suit[c];
    int r;
    if (S->trick_len < S->n) {
        r = step ? exact(S, step) : search(S, needed);
    } else {
        int w = trick_winner(S);
        int pts = 0;
        for (int i = 0; i < S->n; i++) pts += S->points[S->trick[i]];
        int mine = (int)((S->team >> w) & 1);
        u64 won_by = winner_rel(S, S->trick[(w - S->leader + S->n) % S->n]);
        int gain = mine ? pts : 0;
        int saved_trick[8];
        memcpy(saved_trick, S->trick, sizeof(int) * S->n);
        int saved_leader = S->leader;
        u64 saved_table = S->table;
        S->table = 0;
        S->tricks_done++;
        S->won[S->side[w]]++;
        S->rem_pts -= pts;
        if (S->tricks_done == S->total_tricks) {
            int fin = gain + (mine ? S->last_bonus : 0) + end_bonus(S);
            r = fin;
            S->rel = 0;
        } else {
            S->trick_len = 0;
            S->leader = w;
            S->led = -1;
            if (step) { S->b_lo -= gain; S->b_hi -= gain; }
            r = gain + (step ? exact(S, step) : search(S, needed - gain));
            memcpy(S->trick, saved_trick, sizeof(int) * S->n);
            S->trick_len = S->n;
            S->leader = saved_leader;
        }
        S->rel |= won_by;
        S->table = saved_table;
        S->tricks_done--;
        S->won[S->side[w]]--;
        S->rem_pts += pts;
    }
    S->trick_len--;
    S->led = saved_led;
    S->hands[seat] |= bit;
    S->inhand |= bit;
    S->table &= ~bit;
    S->owner[c] = (int8_t)seat;
    S->h1 += S->z1[c][seat];
    S->h2 += S->z2[c][seat];
    return r;
}

/* Sure points: the remaining trumps from the top that one side holds in an unbroken run each
 * win the trick they fall in (only a stronger trump of the same side could beat them), so their
 * counters are that side's.  Returns them as a lower bound for the team (run held by the team)
 * or as points to take off the team's upper bound (run held by the others). */
static u64 sure_points(Solver *S, int *team_sure, int *other_sure) {
    *team_sure = 0;
    *other_sure = 0;
    if (S->trump < 0) return 0;
    int side = -1;
    u64 m = (S->inhand | S->table) & S->suit_mask[S->trump], run = 0;
    while (m) {
        int c = __builtin_ctzll(m);
        m &= m - 1;
        int owner = S->owner[c];
        if (owner < 0) break; /* a trump on the table: the run is broken */
        int s = (int)((S->team >> owner) & 1);
        if (side < 0) side = s;
        if (s != side) break;
        if (side) *team_sure += S->points[c]; else *other_sure += S->points[c];
        run = S->upto[c];
    }
    return run; /* the ranks the run depends on */
}

/* A null-window probe: whether the team still reaches needed points from here.  Fail-soft: the
 * result g is a lower bound of the value when g >= needed, else an upper one; S->rel is then the
 * cards whose ranks that bound depends on (partition search): it holds for every position that
 * differs from this one only in the order of the other cards of a colour (same owners, point
 * classes and anytime flags per colour). */
static double monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int search(Solver *S, int needed) {
    S->nodes++;
    S->rel = 0;
    if (S->aborted || (S->max_nodes && S->nodes > S->max_nodes)
        || (S->deadline > 0 && (S->nodes & 4095) == 0 && monotonic_seconds() > S->deadline)) {
        S->aborted = 1; /* over budget or out of time: unwind; the caller reports no answer */
        return 0;
    }
    if (S->tricks_done == S->total_tricks - 1) {
        /* The last trick: every card left is forced. */
        int led = S->trick_len ? S->suit[S->trick[0]] : -1;
        int best = -1, best_key = 0, pts = 0, cs[8];
        for (int i = 0; i < S->n; i++) {
            int c = i < S->trick_len ? S->trick[i] : __builtin_ctzll(S->hands[(S->leader + i) % S->n]);
            int s = S->suit[c];
            cs[i] = c;
            pts += S->points[c];
            if (i == 0) { led = s; best = 0; best_key = S->key[c]; }
            else if ((s == S->trump || s == led) && S->key[c] > best_key) { best_key = S->key[c]; best = i; }
        }
        int w = (S->leader + best) % S->n;
        for (int i = 0; i < S->n; i++)
            if (i != best && S->suit[cs[i]] == S->suit[cs[best]]) { S->rel = S->upto[cs[best]]; break; }
        int fin = (int)((S->team >> w) & 1) ? pts + S->last_bonus : 0;
        if (S->bonus_matters) {
            S->won[S->side[w]]++;
            fin += end_bonus(S);
            S->won[S->side[w]]--;
        }
        return fin;
    }
    int upper = S->rem_pts + S->last_bonus + S->most_bonus + S->count_bonus;
    if (needed > upper) return upper;
    u64 h = 0, verify = 0;
    if (S->trick_len == 0) { /* the table's bucket on its way while the bounds are worked out */
        h = tt_hash(S);
        verify = S->cur_verify;
        u64 *tags = bucket_of(S, h);
        for (int i = 0; i < S->ways; i += 8) __builtin_prefetch(tags + i);
    }
    int ts, os;
    u64 sure_rel;
    {
        sure_rel = sure_points(S, &ts, &os);
        if (S->trick_len) {
            /* The counters on the table are sure for the side winning the trick when no seat of
             * the other side still to play can beat its card with a card it may play. */
            int w = trick_winner(S), ws = (int)((S->team >> w) & 1);
            int led = S->suit[S->trick[0]], best_key = -2147483647, pts = 0, wc = S->trick[0];
            for (int i = 0; i < S->trick_len; i++) {
                int c = S->trick[i], cs = S->suit[c];
                pts += S->points[c];
                if ((cs == S->trump || cs == led) && S->key[c] > best_key) { best_key = S->key[c]; wc = c; }
            }
            int safe = 1;
            u64 beat = S->suit_mask[led] | (S->trump >= 0 ? S->suit_mask[S->trump] : 0);
            for (int j = S->trick_len; j < S->n && safe; j++) {
                int o = (S->leader + j) % S->n;
                if ((int)((S->team >> o) & 1) == ws) continue;
                u64 h = S->hands[o], follow = h & S->suit_mask[led];
                u64 m = (follow ? (follow | (h & S->anytime)) : h) & beat;
                while (m) {
                    int c = __builtin_ctzll(m);
                    m &= m - 1;
                    if (S->key[c] > best_key) { safe = 0; break; }
                }
            }
            if (safe) {
                if (ws) ts += pts; else os += pts;
                sure_rel |= S->upto[wc];
            }
        }
        if (needed <= ts) { S->rel = sure_rel; return ts; }
        if (needed > upper - os) { S->rel = sure_rel; return upper - os; }
    }
    Entry *e = NULL;
    Prefix *q = &S->pre[S->tricks_done];
    if (S->trick_len == 0) q->ready = 0; /* worked out as entries ask, kept for the store */
    int cards_left = 0;
    int first = -1, e_lo = 0, e_hi = 1 << 30;
    u64 lo_rel = 0, hi_rel = 0, matched = 0;
    if (S->trick_len == 0) {
        S->cur_verify = verify;
        /* Every entry that holds for this position: the best bounds of them (each with the ranks
         * it depends on); the entries themselves may be reused by the time the children are done. */
        u64 *tags = bucket_of(S, h);
        Entry *es = entries_of(S, tags);
        u64 t = tt_tag(S);
        for (int i = 0; i < S->ways; i++) {
            if (tags[i] != t || !tt_match(S, q, &es[i])) continue;
            matched |= 1ULL << i;
            e = &es[i];
            if (e->lo >= needed) { S->rel = rel_of(S, e); return e->lo; }
            if (e->hi < needed) { S->rel = rel_of(S, e); return e->hi; }
            if (e->lo > e_lo) { e_lo = e->lo; lo_rel = rel_of(S, e); }
            if (e->hi < e_hi) { e_hi = e->hi; hi_rel = rel_of(S, e); }
            if (first < 0 && e->best_s < 4) {
                u64 m = S->inhand & S->suit_mask[e->best_s];
                for (int j = 0; m && j < e->best_j; j++) m &= m - 1;
                if (m) first = __builtin_ctzll(m);
            }
        }
        cards_left = __builtin_popcountll(S->inhand);
    }
    int seat = (S->leader + S->trick_len) % S->n;
    int maximize = (int)((S->team >> seat) & 1);
    int cands[64];
    u64 skipped;
    int nc = candidates(S, seat, cands, first, &skipped);
    int result = maximize ? -1 : 1 << 30;
    int cut = -1;
    u64 rel = 0;
    for (int i = 0; i < nc; i++) {
        int r = play(S, seat, cands[i], needed, 0);
        if (maximize ? r >= needed : r < needed) {
            result = r;
            rel = S->rel; /* the cut-off alone proves the bound */
            cut = cands[i];
            if (S->trick_len == 0) { /* only leads are ordered by it: follows would blur it */
                S->history[seat][cands[i]] += 1 + (S->total_tricks - S->tricks_done);
                S->killer[seat][S->tricks_done] = cands[i] + 1;
            }
            break;
        }
        rel |= S->rel; /* every card's bound is needed */
        if (maximize ? r > result : r < result) result = r;
    }
    /* Every card tried: a card left out as equivalent to the one above it stands for itself, so
     * where the rank of the card it stands for counts, so does its own (its wins are its own). */
    if (cut < 0)
        for (u64 m = skipped; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            u64 above = (S->inhand | S->table) & S->suit_mask[S->suit[c]] & ((1ULL << c) - 1);
            if ((rel >> (63 - __builtin_clzll(above))) & 1) rel |= S->upto[c];
        }
    /* What else is known: the sure points, the table's bounds. */
    if (result >= needed) {
        if (ts > result) { result = ts; rel = sure_rel; }
        if (e_lo > result) { result = e_lo; rel = lo_rel; }
    } else {
        if (upper - os < result) { result = upper - os; rel = sure_rel; }
        if (e_hi < result) { result = e_hi; rel = hi_rel; }
    }
    if (S->trick_len == 0 && !S->aborted) {
        S->cur_verify = verify; /* the children overwrote it */
        Entry *f = tt_store(S, q, h, cards_left, rel, matched);
        f->stamp = (uint32_t)S->nodes;
        if (result >= needed) { if (result > f->lo) f->lo = (int16_t)result; }
        else { if (result < f->hi) f->hi = (int16_t)result; }
        if (cut >= 0) {
            int cs = S->suit[cut];
            int j = __builtin_popcountll(S->inhand & S->suit_mask[cs] & ((1ULL << cut) - 1));
            f->best_s = (uint32_t)cs;
            f->best_j = (uint32_t)j;
        }
    }
    S->rel = rel;
    return result;
}

static int gcd(int a, int b) { while (b) { int t = a % b; a = b; b = t; } return a < 0 ? -a : a; }

/* The exact value of the current position (future points of the team): binary search of probes. */
static int exact(Solver *S, int step) {
    int lo = 0, hi = S->rem_pts + S->last_bonus + S->most_bonus + S->count_bonus;
    hi -= hi % step;
    /* Known bounds (multiples of step) narrow the search; they hold for this call only. */
    if (S->b_lo > lo) lo = S->b_lo;
    if (S->b_hi < hi) hi = S->b_hi;
    S->b_lo = 0;
    S->b_hi = INT_MAX;
    if (lo > hi) lo = hi;
    /* The top first: a probe for everything is often what the team takes, and where it fails
     * it mostly fails fast and leaves bounds in the table for the binary search. */
    /* Each probe is fail-soft: a success proves the value is at least what it returns, a
     * failure that it is at most that, which may narrow the search by more than the probe. */
    if (lo < hi) {
        int g = search(S, hi);
        if (g >= hi) return hi;
        hi -= step;
        if (g < hi) hi = g < 0 ? 0 : g - g % step;
    }
    while (lo < hi) {
        int mid = lo + ((hi - lo) / step + 1) / 2 * step;
        int g = search(S, mid);
        if (g >= mid) {
            lo = mid;
            if (g > lo) lo = g + (step - g % step) % step;
            if (lo > hi) lo = hi;
        } else {
            hi = mid - step;
            if (g < hi) hi = g < 0 ? 0 : g - g % step;
        }
    }
    return lo;
}

/* The sequence as a fast sequence of at most maxlen items (a new reference), or NULL with an error. */
static PyObject *open_seq(PyObject *seq, int maxlen, const char *what, Py_ssize_t *len) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return NULL;
    *len = PySequence_Fast_GET_SIZE(fast);
    if (*len > maxlen) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many items", what);
        return NULL;
    }
    return fast;
}

/* Ints and 64-bit masks need different C-API conversions; the sequence handling is shared. */
static int seq_to_ints(PyObject *seq, int *out, int maxlen, const char *what) {
    Py_ssize_t len;
    PyObject *fast = open_seq(seq, maxlen, what, &len);
    if (!fast) return -1;
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)len;
}

static int seq_to_u64(PyObject *seq, u64 *out, int maxlen, const char *what) {
    Py_ssize_t len;
    PyObject *fast = open_seq(seq, maxlen, what, &len);
    if (!fast) return -1;
    for (Py_ssize_t i = 0; i < len; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (u64)v;
    }
    Py_DECREF(fast);
    return (int)len;
}

/* The sides of the seats and the tricks each side has won, checked; the team's sides as a mask.
 * Returns 0, or -1 with an error set. */
static int read_sides(Solver *S, PyObject *side, PyObject *won) {
    int ns = seq_to_ints(side, S->side, 8, "side");
    int nw = seq_to_ints(won, S->won, 8, "won");
    if (ns < 0 || nw < 0) return -1;
    if (ns != S->n || nw < 1) {
        PyErr_SetString(PyExc_ValueError, "side: one per seat; won: one per side");
        return -1;
    }
    S->nsides = nw;
    S->team_sides = 0;
    for (int i = 0; i < ns; i++) {
        if (S->side[i] < 0 || S->side[i] >= nw) {
            PyErr_SetString(PyExc_ValueError, "side: a seat's side is not one of the sides in won");
            return -1;
        }
        if ((S->team >> i) & 1) S->team_sides |= 1ULL << S->side[i];
    }
    for (int j = 0; j < nw; j++)
        if (S->won[j] < 0 || S->won[j] > S->total_tricks) {
            PyErr_SetString(PyExc_ValueError, "won: a side's tricks out of range");
            return -1;
        }
    S->won_bits = 1;
    while ((1 << S->won_bits) <= S->total_tricks) S->won_bits++;
    return 0;
}

/* solve(hands, trick, leader, led, tricks_done, side, won, team, suit, key, points, suit_mask,
 *       anytime, trump, last_bonus, total_tricks, most_bonus, count_bonus, count_at, cards, tt_bits
 *       [, max_nodes, seconds]) -> (value, {card: value} or None, nodes); value -1 when the search
 *       gave up past max_nodes nodes or seconds seconds (0: no limit) */
static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *hands, *trick, *suit, *key, *points, *suit_mask, *side, *won;
    int leader, led, tricks_done, trump, last_bonus, total_tricks, most_bonus, count_bonus,
        count_at, want_cards, tt_bits;
    unsigned long long team, anytime;
    long long max_nodes = 0;
    double seconds = 0.0;
    double started = monotonic_seconds();
    if (!PyArg_ParseTuple(args, "OOiiiOOKOOOOKiiiiiipi|Ld", &hands, &trick, &leader, &led, &tricks_done,
                          &side, &won, &team, &suit, &key, &points, &suit_mask, &anytime, &trump,
                          &last_bonus, &total_tricks, &most_bonus, &count_bonus, &count_at, &want_cards,
                          &tt_bits, &max_nodes, &seconds))
        return NULL;
    if (tt_bits < 10 || tt_bits > 26) {
        PyErr_SetString(PyExc_ValueError, "tt_bits must be 10..26");
        return NULL;
    }
    Solver *S = (Solver *)calloc(1, sizeof(Solver));
    if (!S) return PyErr_NoMemory();
    int n = seq_to_u64(hands, S->hands, 8, "hands");
    int tl = seq_to_ints(trick, S->trick, 8, "trick");
    int ns = seq_to_ints(suit, S->suit, 64, "suit");
    int nk = seq_to_ints(key, S->key, 64, "key");
    int np = seq_to_ints(points, S->points, 64, "points");
    int nm = seq_to_u64(suit_mask, S->suit_mask, 4, "suit_mask");
    if (n < 0 || tl < 0 || ns < 0 || nk < 0 || np < 0 || nm < 0) { free(S); return NULL; }
    if (n < 2 || ns != 64 || nk != 64 || np != 64 || nm != 4) {
        free(S);
        PyErr_SetString(PyExc_ValueError, "bad position tables");
        return NULL;
    }
    S->n = n;
    S->max_nodes = max_nodes;
    S->deadline = seconds > 0 ? started + seconds : 0; /* from the call: the table's set-up counts too */
    S->trick_len = tl;
    S->leader = leader;
    S->led = led;
    S->tricks_done = tricks_done;
    S->team = team;
    S->anytime = anytime;
    S->trump = trump;
    S->last_bonus = last_bonus;
    S->total_tricks = total_tricks;
    S->most_bonus = most_bonus;
    S->count_bonus = count_bonus;
    S->count_at = count_at;
    S->bonus_matters = most_bonus || count_bonus;
    if (read_sides(S, side, won) < 0) { free(S); return NULL; }
    if (total_tricks < 1 || total_tricks > 63 || tricks_done < 0 || tricks_done >= total_tricks) {
        free(S);
        PyErr_SetString(PyExc_ValueError, "tricks_done / total_tricks out of range");
        return NULL;
    }
    /* Internal card numbers: colour by colour, strongest first, so that a colour's cards are a
     * run of bits and a stronger card of the colour is a lower bit. */
    int int_of[64], ext_of[64], pos = 0;
    for (int c = 0; c < 64; c++) int_of[c] = ext_of[c] = -1;
    for (int s = 0; s < 4; s++) {
        int ord[64], len = 0;
        for (int c = 0; c < 64; c++)
            if ((S->suit_mask[s] >> c) & 1) ord[len++] = c;
        for (int i = 1; i < len; i++) { /* strongest first */
            int c = ord[i], j = i - 1;
            while (j >= 0 && S->key[ord[j]] < S->key[c]) { ord[j + 1] = ord[j]; j--; }
            ord[j + 1] = c;
        }
        for (int i = 0; i < len; i++) {
            if (int_of[ord[i]] >= 0 || pos >= 64) {
                free(S);
                PyErr_SetString(PyExc_ValueError, "bad position tables: colours overlap");
                return NULL;
            }
            int_of[ord[i]] = pos;
            ext_of[pos++] = ord[i];
        }
    }
    {
        int suit0[64], key0[64], points0[64];
        memcpy(suit0, S->suit, sizeof suit0);
        memcpy(key0, S->key, sizeof key0);
        memcpy(points0, S->points, sizeof points0);
        for (int i = 0; i < 64; i++) {
            int c = ext_of[i];
            S->suit[i] = c >= 0 ? suit0[c] : -1;
            S->key[i] = c >= 0 ? key0[c] : 0;
            S->points[i] = c >= 0 ? points0[c] : 0;
        }
        u64 any0 = S->anytime;
        S->anytime = 0;
        for (int i = 0; i < 4; i++) S->suit_mask[i] = 0;
        for (int i = 0; i < pos; i++) {
            S->suit_mask[S->suit[i]] |= 1ULL << i;
            if ((any0 >> ext_of[i]) & 1) S->anytime |= 1ULL << i;
        }
        for (int i = 0; i < n; i++) {
            u64 h = 0;
            for (int c = 0; c < 64; c++)
                if ((S->hands[i] >> c) & 1) {
                    if (int_of[c] < 0) {
                        free(S);
                        PyErr_SetString(PyExc_ValueError, "bad position: a card outside every colour");
                        return NULL;
                    }
                    h |= 1ULL << int_of[c];
                }
            S->hands[i] = h;
        }
        for (int i = 0; i < tl; i++) {
            if (S->trick[i] < 0 || S->trick[i] > 63 || int_of[S->trick[i]] < 0) {
                free(S);
                PyErr_SetString(PyExc_ValueError, "bad position: a card outside every colour");
                return NULL;
            }
            S->trick[i] = int_of[S->trick[i]];
        }
    }
    {
        int values[64], nv = 0;
        for (int c = 0; c < 64; c++) {
            int j;
            for (j = 0; j < nv; j++) if (values[j] == S->points[c]) break;
            if (j == nv) values[nv++] = S->points[c];
            S->pclass[c] = j;
            S->scode[c] = ((u64)j << 3) | ((u64)((S->anytime >> c) & 1) << 6);
        }
        if (nv > 8) {
            free(S);
            PyErr_SetString(PyExc_ValueError, "at most 8 different counter values are supported");
            return NULL;
        }
    }
    memset(S->owner, -1, sizeof S->owner);
    for (int i = 0; i < n; i++)
        for (int c = 0; c < 64; c++)
            if ((S->hands[i] >> c) & 1) S->owner[c] = (int8_t)i;
    S->inhand = 0;
    for (int i = 0; i < n; i++) S->inhand |= S->hands[i];
    S->table = 0;
    for (int i = 0; i < tl; i++) S->table |= 1ULL << S->trick[i];
    for (int c = 0; c < 64; c++) {
        S->rank[c] = 0;
        for (int d = 0; d < 64; d++)
            if (S->suit[d] >= 0 && S->key[d] < S->key[c]) S->rank[c]++;
    }
    /* Partition search: a card's rank counts only against the cards of its own colour when every
     * trump beats every other card and no two cards of a colour are equally strong. */
    S->partition = 1;
    for (int c = 0; c < pos; c++) {
        S->upto[c] = S->suit_mask[S->suit[c]] & (c == 63 ? ~0ULL : (2ULL << c) - 1);
        if (c + 1 < pos && S->suit[c + 1] == S->suit[c] && S->key[c + 1] >= S->key[c]) S->partition = 0;
        if (S->trump >= 0 && S->suit[c] != S->trump)
            for (int d = 0; d < pos; d++)
                if (S->suit[d] == S->trump && S->key[d] <= S->key[c]) S->partition = 0;
        for (int o = 0; o < 8; o++) {
            u64 code = (u64)o | S->scode[c];
            S->z1[c][o] = mix(0x1234567ULL + (u64)S->suit[c] * 1024 + code);
            S->z2[c][o] = mix(0xABCDEF01ULL + (u64)S->suit[c] * 1024 + code + ((u64)1 << 40));
        }
    }
    S->h1 = S->h2 = 0;
    for (int c = 0; c < 64; c++)
        if (S->owner[c] >= 0) {
            S->h1 += S->z1[c][S->owner[c]];
            S->h2 += S->z2[c][S->owner[c]];
        }
    {
        int best = 0, ties = 0;
        S->prize = -1;
        for (int c = 0; c < pos; c++) {
            if (S->points[c] > best) { best = S->points[c]; S->prize = c; ties = 0; }
            else if (S->points[c] == best && best > 0) ties++;
        }
        if (ties || S->prize < 0 || S->suit[S->prize] != S->trump) S->prize = -1;
    }
    S->rem_pts = 0;
    int step = 0;
    for (int c = 0; c < 64; c++) step = gcd(step, S->points[c]);
    step = gcd(gcd(step, last_bonus), gcd(most_bonus, count_bonus));
    if (step <= 0) step = 1;
    for (int i = 0; i < n; i++)
        for (int c = 0; c < 64; c++)
            if ((S->hands[i] >> c) & 1) S->rem_pts += S->points[c];
    for (int i = 0; i < tl; i++) S->rem_pts += S->points[S->trick[i]];
    /* A table at least as large is reused with a smaller mask (its other entries are stale by
     * generation), so that alternating sizes never reallocates. */
    S->ways = __builtin_popcountll(S->inhand) > LARGE_CARDS ? WAYS_LARGE : WAYS_SMALL;
    if (g_tt == NULL || g_tt_bits < tt_bits) {
        size_t len = ((size_t)1 << tt_bits) * SLOT_BYTES + 64;
#ifdef __linux__
        /* Mapped, on huge pages where the system lends them: the table is read at random, and
         * with 4 KiB pages most lookups of a large one would miss the TLB as well as the cache. */
        if (g_tt_len) munmap(g_tt_mem, g_tt_len); else free(g_tt_mem);
        g_tt_len = 0;
        g_tt_mem = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (g_tt_mem == MAP_FAILED) g_tt_mem = calloc(len, 1);
        else {
            g_tt_len = len;
#ifdef MADV_HUGEPAGE
            madvise(g_tt_mem, len, MADV_HUGEPAGE);
#endif
        }
#else
        free(g_tt_mem);
        g_tt_mem = calloc(len, 1);
#endif
        g_tt_bits = tt_bits;
        if (!g_tt_mem) { g_tt = NULL; g_tt_bits = 0; free(S); return PyErr_NoMemory(); }
        g_tt = (unsigned char *)(((uintptr_t)g_tt_mem + 63) & ~(uintptr_t)63); /* buckets on cache lines */
        g_gen = 0;
        g_ways = S->ways;
    }
    if (++g_gen == GEN_MOD || g_ways != S->ways) { /* wrapped, or the buckets moved: really clear */
        memset(g_tt, 0, ((size_t)1 << g_tt_bits) * SLOT_BYTES);
        g_gen = 1;
        g_ways = S->ways;
    }
    S->tt = g_tt;
    S->tt_mask = ((1ULL << tt_bits) / (u64)S->ways) - 1;

    int value;
    PyObject *cards = Py_None;
    Py_INCREF(Py_None);
    S->pre = (Prefix *)malloc(sizeof(Prefix) * (size_t)(S->total_tricks + 1));
    if (!S->pre) { free(S); Py_DECREF(Py_None); return PyErr_NoMemory(); }
    S->b_lo = 0;
    S->b_hi = INT_MAX;
    value = exact(S, step); /* keeps the GIL: the table is shared by the process */
    if (want_cards && !S->aborted) {
        Py_DECREF(Py_None);
        cards = PyDict_New();
        int seat = (S->leader + S->trick_len) % S->n;
        u64 legal = legal_mask(S, seat);
        for (int x = 0; x < 64; x++) {
            int c = int_of[x];
            if (c < 0 || !((legal >> c) & 1)) continue;
            int v;
            /* The exact value after seat plays c: at most the position's for the team to move,
             * at least it for the others. */
            if ((S->team >> seat) & 1) { S->b_lo = 0; S->b_hi = value; }
            else { S->b_lo = value; S->b_hi = INT_MAX; }
            v = play(S, seat, c, 0, step);
            if (S->aborted) break;
            PyObject *k = PyLong_FromLong(x), *val = PyLong_FromLong(v);
            PyDict_SetItem(cards, k, val);
            Py_DECREF(k);
            Py_DECREF(val);
        }
    }
    long long nodes = S->nodes;
    if (S->aborted) value = -1; /* no answer within max_nodes */
    free(S->pre);
    free(S);
    PyObject *res = Py_BuildValue("(iNL)", value, cards, nodes);
    return res;
}

/* The C rules on their own, for the tests against rookgame.kernel:
 * trick_winner(trick, leader, players, suit, key, trump) -> the seat winning the trick so far. */
static PyObject *py_trick_winner(PyObject *self, PyObject *args) {
    PyObject *trick, *suit, *key;
    int leader, n, trump;
    if (!PyArg_ParseTuple(args, "OiiOOi", &trick, &leader, &n, &suit, &key, &trump)) return NULL;
    Solver *S = (Solver *)calloc(1, sizeof(Solver));
    if (!S) return PyErr_NoMemory();
    int tl = seq_to_ints(trick, S->trick, 8, "trick");
    int ns = seq_to_ints(suit, S->suit, 64, "suit");
    int nk = seq_to_ints(key, S->key, 64, "key");
    int ok = tl >= 1 && ns == 64 && nk == 64 && n >= tl && n <= 8 && leader >= 0 && leader < n;
    for (int i = 0; ok && i < tl; i++) ok = S->trick[i] >= 0 && S->trick[i] < 64;
    if (!ok) {
        free(S);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad trick");
        return NULL;
    }
    S->n = n;
    S->trick_len = tl;
    S->leader = leader;
    S->trump = trump;
    int w = trick_winner(S);
    free(S);
    return PyLong_FromLong(w);
}

/* end_bonus(won, team_sides, most_bonus, count_bonus, count_at) -> the bonus the sides in the
 * mask team_sides earn with won[j] tricks for side j. */
static PyObject *py_end_bonus(PyObject *self, PyObject *args) {
    PyObject *won;
    unsigned long long team_sides;
    int most_bonus, count_bonus, count_at;
    if (!PyArg_ParseTuple(args, "OKiii", &won, &team_sides, &most_bonus, &count_bonus, &count_at)) return NULL;
    Solver *S = (Solver *)calloc(1, sizeof(Solver));
    if (!S) return PyErr_NoMemory();
    int nw = seq_to_ints(won, S->won, 8, "won");
    if (nw < 1) {
        free(S);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "won: one per side");
        return NULL;
    }
    S->nsides = nw;
    S->team_sides = team_sides;
    S->most_bonus = most_bonus;
    S->count_bonus = count_bonus;
    S->count_at = count_at;
    S->bonus_matters = most_bonus || count_bonus;
    int b = end_bonus(S);
    free(S);
    return PyLong_FromLong(b);
}

/* table_bytes() -> the bytes of the process's transposition table (0 before the first solve). */
static PyObject *py_table_bytes(PyObject *self, PyObject *args) {
    return PyLong_FromSize_t(g_tt ? ((size_t)1 << g_tt_bits) * SLOT_BYTES : 0);
}

static PyMethodDef methods[] = {
    {"table_bytes", py_table_bytes, METH_NOARGS, "Bytes of the solver's transposition table."},
    {"solve", py_solve, METH_VARARGS, "Exact value of a Rook card-play position (see rookgame.solver)."},
    {"trick_winner", py_trick_winner, METH_VARARGS, "The seat winning a trick, by the solver's own rule."},
    {"end_bonus", py_end_bonus, METH_VARARGS, "The bonus of some sides for their tricks, by the solver's own rule."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_csolver", NULL, -1, methods};

PyMODINIT_FUNC PyInit__csolver(void) { return PyModule_Create(&module); }
