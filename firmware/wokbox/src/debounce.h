/* Eager debouncing of up to eight buttons on one 8-bit port.
 *
 * A press or release is accepted at its first edge, timestamped with the
 * scan time, and the button then ignores its line for DB_LOCKOUT_US so
 * that contact bounce cannot produce more events: the earliest timestamp
 * is the fair one. A button held at boot or for DB_STUCK_US becomes a
 * "stuck" fault instead of a stream of presses. */
#ifndef WOKBOX_DEBOUNCE_H
#define WOKBOX_DEBOUNCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DB_LOCKOUT_MS 15
#define DB_STUCK_S 60
#define DB_LOCKOUT_US ((uint32_t)DB_LOCKOUT_MS * 1000UL)
#define DB_STUCK_US ((uint32_t)DB_STUCK_S * 1000000UL)

typedef struct {
    uint8_t mask;    /* bits wired to buttons */
    uint8_t level;   /* accepted state, 1 = pressed */
    uint8_t locked;  /* bits inside their lockout */
    uint8_t stuck;   /* bits held as stuck faults */
    uint32_t t_edge[8]; /* time of the last accepted change per bit */
} db_port_t;

/* Receives accepted changes: bit number, EV_* kind, time. */
typedef void (*db_emit_fn)(void *ctx, uint8_t bit, uint8_t kind, uint32_t t);

/* pressed: the port's lines, 1 = pressed. Buttons already pressed become
 * stuck faults (EV_STUCK) rather than presses. */
void db_init(db_port_t *p, uint8_t mask, uint8_t pressed, uint32_t now,
             db_emit_fn emit, void *ctx);

/* Call on every scan with the port's lines sampled at time now. */
void db_scan(db_port_t *p, uint8_t pressed, uint32_t now, db_emit_fn emit,
             void *ctx);

/* Call now and then (every few ms) to detect buttons held too long. */
void db_check_stuck(db_port_t *p, uint32_t now, db_emit_fn emit, void *ctx);

#ifdef __cplusplus
}
#endif

#endif
