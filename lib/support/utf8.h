/* utf8.h - UTF-8 sequences as diagnostics write them.
 *
 * Text diagnostics show the user's characters as they are, except those
 * that would change the terminal or the layout of the message: a control
 * character (U+0000..U+001F but the tab, U+007F, U+0080..U+009F), a
 * newline included, is written as clang writes it, "<U+001B>", and a byte
 * that does not begin a well-formed sequence (an encoded surrogate, an
 * overlong form, a stray continuation byte) as U+FFFD, so that what is
 * written is always valid UTF-8.
 */
#ifndef WARPC_SUPPORT_UTF8_H
#define WARPC_SUPPORT_UTF8_H

#include <stddef.h>
#include <stdio.h>

/* The length (1..4) of the well-formed UTF-8 sequence at s (n > 0 bytes
 * left), or 0 when s[0] begins none. */
int wp_utf8_len(const unsigned char *s, size_t n);

/* How the character at s (n > 0 bytes left) is written in text: *len gets
 * the bytes it takes in s (1 for a malformed byte); returns the columns it
 * takes when written (1, or 8 for "<U+XXXX>"). */
int wp_utf8_shown(const unsigned char *s, size_t n, int *len);

/* Writes the n bytes at s to out as described above. */
void wp_utf8_put(FILE *out, const char *s, size_t n);

#endif
