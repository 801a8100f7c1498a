#include "debounce.h"
#include "proto.h"

void db_init(db_port_t *p, uint8_t mask, uint8_t pressed, uint32_t now,
             db_emit_fn emit, void *ctx)
{
    p->mask = mask;
    p->level = pressed & mask;
    p->locked = 0;
    p->stuck = p->level;
    for (uint8_t b = 0; b < 8; b++) {
        p->t_edge[b] = now;
        if (p->stuck & (1u << b))
            emit(ctx, b, EV_STUCK, now);
    }
}

void db_scan(db_port_t *p, uint8_t pressed, uint32_t now, db_emit_fn emit,
             void *ctx)
{
    if (p->locked) {
        for (uint8_t b = 0; b < 8; b++) {
            uint8_t bit = (uint8_t)(1u << b);
            /* Unsigned difference: correct across the 32-bit wrap. */
            if ((p->locked & bit) && now - p->t_edge[b] >= DB_LOCKOUT_US)
                p->locked &= (uint8_t)~bit;
        }
    }

    uint8_t changed = (uint8_t)((pressed ^ p->level) & p->mask & ~p->locked);
    if (!changed)
        return;
    for (uint8_t b = 0; b < 8; b++) {
        uint8_t bit = (uint8_t)(1u << b);
        if (!(changed & bit))
            continue;
        uint8_t kind;
        if (p->stuck & bit) {
            /* Only a release can differ from a stuck (pressed) level. */
            p->stuck &= (uint8_t)~bit;
            kind = EV_UNSTUCK;
        } else {
            kind = (pressed & bit) ? EV_PRESS : EV_RELEASE;
        }
        p->level ^= bit;
        p->locked |= bit;
        p->t_edge[b] = now;
        emit(ctx, b, kind, now);
    }
}

void db_check_stuck(db_port_t *p, uint32_t now, db_emit_fn emit, void *ctx)
{
    uint8_t held = (uint8_t)(p->level & ~p->stuck);
    if (!held)
        return;
    for (uint8_t b = 0; b < 8; b++) {
        uint8_t bit = (uint8_t)(1u << b);
        if ((held & bit) && now - p->t_edge[b] >= DB_STUCK_US) {
            p->stuck |= bit;
            emit(ctx, b, EV_STUCK, now);
        }
    }
}
