/* The baseline of bench/tables.sh: the Grundy values of Wythoff's game on the grid
 * rows 0..R-1 x columns 0..C-1, filled row by row with one bitset of the values already present
 * in each row, column and diagonal; the mex is the first zero bit of their union, searched from
 * the first word that is not full in any of the three (a value below it is in one of them).
 * Every value is at most the number of options, R + C + min(R, C), so the bitsets have that many
 * bits. Each row is written as 16-bit values to a buffer and added to a checksum, as a table
 * command would before writing it.
 * Usage: wythoff_grid R C -> prints "cells N sum SUM seconds S ns_per_cell X". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    uint64_t rows = argc > 1 ? strtoull(argv[1], NULL, 10) : 4000;
    uint64_t cols = argc > 2 ? strtoull(argv[2], NULL, 10) : rows;
    uint64_t bits = rows + cols + (rows < cols ? rows : cols) + 1;
    uint64_t words = bits / 64 + 1;
    uint64_t diagonals = rows + cols;
    uint64_t *row = calloc(words, 8);
    uint64_t *col = calloc(cols * words, 8);
    uint64_t *diag = calloc(diagonals * words, 8);
    uint64_t *col_free = calloc(cols, 8);  /* first word that is not full, per column */
    uint64_t *diag_free = calloc(diagonals, 8);
    uint16_t *out = malloc(cols * 2);
    if (!row || !col || !diag || !col_free || !diag_free || !out) return 1;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    uint64_t sum = 0;
    for (uint64_t r = 0; r < rows; r++) {
        memset(row, 0, words * 8);
        uint64_t row_free = 0;
        for (uint64_t c = 0; c < cols; c++) {
            uint64_t d = c + rows - 1 - r;
            uint64_t *cw = col + c * words, *dw = diag + d * words;
            uint64_t w = row_free;
            if (col_free[c] > w) w = col_free[c];
            if (diag_free[d] > w) w = diag_free[d];
            uint64_t seen;
            while ((seen = row[w] | cw[w] | dw[w]) == ~0ull) w++;
            uint64_t value = w * 64 + (uint64_t)__builtin_ctzll(~seen);
            uint64_t bit = 1ull << (value & 63), at = value >> 6;
            row[at] |= bit;
            cw[at] |= bit;
            dw[at] |= bit;
            while (row[row_free] == ~0ull) row_free++;
            while (cw[col_free[c]] == ~0ull) col_free[c]++;
            while (dw[diag_free[d]] == ~0ull) diag_free[d]++;
            out[c] = (uint16_t)value;
        }
        for (uint64_t c = 0; c < cols; c++) sum += out[c];
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("cells %llu sum %llu seconds %.4f ns_per_cell %.3f\n", (unsigned long long)(rows * cols),
           (unsigned long long)sum, seconds, seconds * 1e9 / (double)(rows * cols));
    return 0;
}
