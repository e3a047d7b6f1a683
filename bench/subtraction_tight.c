/* The baseline of bench/subtraction-vs-ogsolve.sh: the tightest plain loop for the Grundy
 * values of SUB({2,3,5,7,101}), with the set unrolled, a 128-entry ring of values and a bitset
 * mex (lowest clear bit of the OR of one-hot option values).
 * Usage: subtraction_tight COUNT  -> prints "values COUNT sum SUM seconds S ns_per_value X". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define RING 128u /* a power of two above max(S) = 101 */

int main(int argc, char **argv) {
    uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000ull;
    uint8_t g[RING];
    for (unsigned i = 0; i < RING; i++) g[i] = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    uint64_t sum = 0, n = 0;
    /* Prologue: the first 101 positions, where some options do not exist. */
    for (; n < count && n < 101; n++) {
        uint32_t seen = 0;
        if (n >= 2) seen |= 1u << g[(n - 2) & (RING - 1)];
        if (n >= 3) seen |= 1u << g[(n - 3) & (RING - 1)];
        if (n >= 5) seen |= 1u << g[(n - 5) & (RING - 1)];
        if (n >= 7) seen |= 1u << g[(n - 7) & (RING - 1)];
        uint8_t value = (uint8_t)__builtin_ctz(~seen);
        g[n & (RING - 1)] = value;
        sum += value;
    }
    /* The tight loop: five loads, shifts and ORs, one ctz, one store. */
    for (; n < count; n++) {
        uint32_t seen = (1u << g[(n - 2) & (RING - 1)]) | (1u << g[(n - 3) & (RING - 1)]) |
                        (1u << g[(n - 5) & (RING - 1)]) | (1u << g[(n - 7) & (RING - 1)]) |
                        (1u << g[(n - 101) & (RING - 1)]);
        uint8_t value = (uint8_t)__builtin_ctz(~seen);
        g[n & (RING - 1)] = value;
        sum += value;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("values %llu sum %llu seconds %.4f ns_per_value %.3f\n", (unsigned long long)count,
           (unsigned long long)sum, seconds, seconds * 1e9 / (double)count);
    return 0;
}
