/*
 * war_same.c - the C bound (war_ref.c) on cardtable's own deals.
 *
 * war_ref.c deals with splitmix64 and a 32-bit multiply-shift, so its games are not
 * cardtable's.  This program keeps war_ref.c's play loop as it is (it includes the file)
 * and replaces only the deal: game g of a run with seed S shuffles with cardtable's
 * generator (PCG-DXSM seeded from cards.SubSeed(S, g)) and its Fisher-Yates (IntN by
 * Lemire's method with rejection), then deals card i to player i&1 as cardtable does.
 * Both programs then play the same million games, battle for battle: the summary
 * (wins, cyclic or capped games, mean battles) matches `cardtable sim war` exactly.
 *
 * Build: gcc -O2 -march=native -I ../shared/bench -o /tmp/war_same docs/bench/war_same.c
 * Usage: /tmp/war_same [games=1000000] [seed=1] [brent=0]     (pickup order 0: winner-first)
 */
#define main war_ref_main
#include "war_ref.c"
#undef main

/* cards.SubSeed: the seed of game i of a run. */
static uint64_t sub_seed(uint64_t seed, uint64_t i) {
    uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* cards.RNG: PCG-DXSM, 128-bit LCG state, as math/rand/v2's PCG. */
typedef struct { unsigned __int128 s; } Pcg;

static inline uint64_t pcg_next(Pcg *r) {
    const unsigned __int128 mul = ((unsigned __int128)0x2360ed051fc65da4ULL << 64) | 0x4385df649fccf645ULL;
    const unsigned __int128 inc = ((unsigned __int128)0x5851f42d4c957f2dULL << 64) | 0x14057b7ef767814fULL;
    r->s = r->s * mul + inc;
    uint64_t hi = (uint64_t)(r->s >> 64), lo = (uint64_t)r->s;
    hi ^= hi >> 32;
    hi *= 0xda942042e4dd58b5ULL;
    hi ^= hi >> 48;
    return hi * (lo | 1);
}

/* cards.RNG.IntN: Lemire's multiply, rejecting the biased low products. */
static inline uint32_t pcg_intn(Pcg *r, uint64_t n) {
    unsigned __int128 m = (unsigned __int128)pcg_next(r) * n;
    if ((uint64_t)m < n) {
        uint64_t thresh = -n % n;
        while ((uint64_t)m < thresh) m = (unsigned __int128)pcg_next(r) * n;
    }
    return (uint32_t)(m >> 64);
}

/* cardtable's deal of a 2-player War game: the 52 cards in rank order, shuffled. */
static void same_deal(State *s, uint64_t seed) {
    Pcg r = { ((unsigned __int128)seed << 64) | (seed ^ 0x9e3779b97f4a7c15ULL) };
    uint8_t d[52];
    for (int i = 0; i < 52; i++) d[i] = (uint8_t)(i >> 2);
    for (int i = 51; i > 0; i--) {
        uint32_t j = pcg_intn(&r, (uint64_t)i + 1);
        uint8_t t = d[i]; d[i] = d[j]; d[j] = t;
    }
    s->h[0] = s->h[1] = s->e[0] = s->e[1] = 0; s->lead = 0;
    for (int i = 0; i < 52; i++) push(s, i & 1, d[i]);
}

int main(int argc, char **argv) {
    uint64_t games = argc > 1 ? strtoull(argv[1], 0, 10) : 1000000ULL;
    uint64_t seed  = argc > 2 ? strtoull(argv[2], 0, 10) : 1ULL;
    int brent      = argc > 3 ? atoi(argv[3]) : 0;
    uint64_t res[5] = {0}, sum_all = 0, sum_wars = 0;
    State s;
    double t0 = now();
    for (uint64_t g = 0; g < games; g++) {
        same_deal(&s, sub_seed(seed, g));
        Len L;
        int r = play(&s, 0, brent, &L);
        res[r]++;
        sum_all += L.battles; sum_wars += L.wars;
    }
    double dt = now() - t0;
    printf("order=0 brent=%d games=%llu seed=%llu cap=%u (cardtable's deals)\n", brent,
           (unsigned long long)games, (unsigned long long)seed, CAP);
    printf("p0=%llu p1=%llu draw=%llu capped=%llu cyclic=%llu\n",
           (unsigned long long)res[0], (unsigned long long)res[1], (unsigned long long)res[2],
           (unsigned long long)res[3], (unsigned long long)res[4]);
    printf("battles=%llu (mean %.4f) wars=%llu\n", (unsigned long long)sum_all,
           (double)sum_all / games, (unsigned long long)sum_wars);
    printf("time %.3f s: %.0f games/s\n", dt, games / dt);
    return 0;
}
