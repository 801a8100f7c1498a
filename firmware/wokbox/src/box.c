#include "box.h"

#include <string.h>

#define TICK_US 1000UL /* stuck checks and LED blinking */
#define NO_INPUT 0xFF

static void push_event(void *ctx, uint8_t bit, uint8_t kind, uint32_t t);

typedef struct {
    box_t *box;
    uint8_t port;
} emit_ctx_t;

static void set_led(box_t *b, uint8_t s, uint8_t on)
{
    uint8_t bit = (uint8_t)(1u << s);
    if (!!(b->led_lit & bit) == !!on)
        return;
    b->led_lit ^= bit;
    hal_led(s, on);
}

void box_init(box_t *b, uint16_t box_id, const uint8_t *pressed, uint32_t now)
{
    uint8_t masks[WB_MAX_PORTS] = {0};

    memset(b, 0, sizeof *b);
    b->box_id = box_id;
    b->hello_pending = 1;
    b->last_scan = now;
    b->next_heartbeat = now + BOX_HEARTBEAT_MS * 1000UL;
    b->next_tick = now;
    proto_rx_init(&b->rx);

    for (uint8_t p = 0; p < WB_MAX_PORTS; p++)
        for (uint8_t bit = 0; bit < 8; bit++)
            b->input_of[p][bit] = NO_INPUT;
    for (uint8_t s = 0; s < wb_nstations; s++) {
        for (uint8_t k = 0; k < BUTTONS_PER_STATION; k++) {
            const wb_pin_t *pin = &wb_stations[s].button[k];
            if (!pin->port)
                continue;
            for (uint8_t p = 0; p < wb_nports; p++) {
                if (wb_ports[p] == pin->port) {
                    b->input_of[p][pin->bit] = (uint8_t)(s << 4 | k);
                    masks[p] |= (uint8_t)(1u << pin->bit);
                }
            }
        }
    }
    for (uint8_t p = 0; p < wb_nports; p++) {
        emit_ctx_t ctx = {b, p};
        db_init(&b->ports[p], masks[p], pressed[p], now, push_event, &ctx);
    }
}

static void push_event(void *ctx, uint8_t bit, uint8_t kind, uint32_t t)
{
    box_t *b = ((emit_ctx_t *)ctx)->box;
    uint8_t input = b->input_of[((emit_ctx_t *)ctx)->port][bit];

    /* Every event takes a sequence number, even a dropped one, so that the
     * host sees the gap at the next event. */
    b->evseq++;
    if (b->q_count == BOX_QUEUE_LEN) {
        b->dropped++;
        return;
    }
    box_event_t *e = &b->queue[(b->q_head + b->q_count++) & (BOX_QUEUE_LEN - 1)];
    e->seq = b->evseq - 1;
    e->station = input >> 4;
    e->button = input & 0x0F;
    e->kind = kind;
    e->t = t;
}

static void tick(box_t *b, uint32_t now)
{
    for (uint8_t p = 0; p < wb_nports; p++) {
        emit_ctx_t ctx = {b, p};
        db_check_stuck(&b->ports[p], now, push_event, &ctx);
    }
    for (uint8_t s = 0; s < wb_nstations; s++) {
        if (b->led_mode[s] == LED_BLINK && (int32_t)(now - b->led_next[s]) >= 0) {
            b->led_next[s] += b->led_half_us[s];
            set_led(b, s, !(b->led_lit & (1u << s)));
        }
    }
}

uint8_t box_scan(box_t *b, const uint8_t *pressed, uint32_t now)
{
    uint32_t period = now - b->last_scan;
    b->last_scan = now;
    if (period > b->scan_max_us)
        b->scan_max_us = period > 0xFFFF ? 0xFFFF : (uint16_t)period;

    for (uint8_t p = 0; p < wb_nports; p++) {
        db_port_t *port = &b->ports[p];
        /* The common case, nothing changed and nothing locked, stays inline. */
        if (port->locked || ((pressed[p] ^ port->level) & port->mask)) {
            emit_ctx_t ctx = {b, p};
            db_scan(port, pressed[p], now, push_event, &ctx);
        }
    }
    /* Signed difference: a deadline test that survives the clock wrap. */
    if ((int32_t)(now - b->next_tick) < 0)
        return 0;
    b->next_tick = now + TICK_US;
    tick(b, now);
    return 1;
}

static void report_error(box_t *b, uint8_t code, const uint8_t *frame,
                         uint8_t len)
{
    if (code == ERR_CRC)
        b->crc_errors++;
    else
        b->bad_frames++;
    if (b->n_errors == BOX_ERRORS_LEN)
        return; /* the heartbeat counters still tell */
    uint8_t *e = b->errors[b->n_errors++];
    e[0] = code;
    e[1] = len >= 2 ? frame[0] : 0;
    e[2] = len >= 2 ? frame[1] : 0;
}

static void set_led_mode(box_t *b, uint8_t s, uint8_t mode, uint16_t period_ms,
                         uint32_t now)
{
    b->led_mode[s] = mode;
    if (mode == LED_BLINK) {
        if (period_ms < 2)
            period_ms = LED_DEFAULT_PERIOD_MS;
        b->led_half_us[s] = period_ms * 500UL;
        b->led_next[s] = now + b->led_half_us[s];
    }
    set_led(b, s, mode != LED_OFF);
}

static uint8_t handle(box_t *b, const uint8_t *f, uint8_t len, uint32_t now)
{
    const uint8_t *arg = f + 2;
    uint8_t n = (uint8_t)(len - 2);

    switch (f[0]) {
    case MSG_PING:
        if (n != PING_LEN)
            return ERR_BAD_ARG;
        b->pong_pending = 1;
        b->pong_token = proto_get32(arg);
        b->pong_time = now;
        return 0;
    case MSG_HELLO_REQ:
        if (n != 0)
            return ERR_BAD_ARG;
        b->hello_pending = 1;
        return 0;
    case MSG_LED:
        if (n != LED_LEN || arg[1] > LED_BLINK ||
            (arg[0] >= wb_nstations && arg[0] != LED_ALL))
            return ERR_BAD_ARG;
        for (uint8_t s = 0; s < wb_nstations; s++)
            if (arg[0] == s || arg[0] == LED_ALL)
                set_led_mode(b, s, arg[1], proto_get16(arg + 2), now);
        return 0;
    case MSG_SET_ID:
        if (n != SET_ID_LEN)
            return ERR_BAD_ARG;
        b->box_id = proto_get16(arg);
        hal_store_box_id(b->box_id);
        b->hello_pending = 1;
        return 0;
    default:
        return ERR_UNKNOWN_TYPE;
    }
}

void box_rx(box_t *b, uint8_t byte, uint32_t now)
{
    const uint8_t *frame = 0;
    uint8_t len = 0;

    switch (proto_rx_byte(&b->rx, byte, &frame, &len)) {
    case RX_FRAME: {
        uint8_t err = handle(b, frame, len, now);
        if (err)
            report_error(b, err, frame, len);
        break;
    }
    case RX_ERR_CRC:
        report_error(b, ERR_CRC, frame, len);
        break;
    case RX_ERR_FRAME:
        report_error(b, ERR_FRAME, frame, len);
        break;
    }
}

static uint8_t send(box_t *b, uint8_t type, const uint8_t *payload, uint8_t len,
                    const uint8_t **frame)
{
    *frame = b->wire;
    return proto_frame(type, b->tx_seq++, payload, len, b->wire);
}

/* Kept out of line: its stack frame is costly and most scans skip it. */
static uint8_t __attribute__((noinline)) next_frame(box_t *b, uint32_t now,
                                                    const uint8_t **frame)
{
    uint8_t p[PROTO_MAX_PAYLOAD];

    if (b->pong_pending) {
        b->pong_pending = 0;
        proto_put32(p, b->pong_token);
        proto_put32(p + 4, b->pong_time);
        return send(b, MSG_PONG, p, PONG_LEN, frame);
    }
    if (b->hello_pending) {
        b->hello_pending = 0;
        p[0] = PROTO_VERSION;
        p[1] = FW_VERSION_MAJOR;
        p[2] = FW_VERSION_MINOR;
        p[3] = FW_VERSION_PATCH;
        proto_put16(p + 4, b->box_id);
        p[6] = wb_board;
        p[7] = DB_LOCKOUT_MS;
        p[8] = DB_STUCK_S;
        proto_put16(p + 9, BOX_HEARTBEAT_MS);
        proto_put32(p + 11, now);
        p[15] = wb_nstations;
        for (uint8_t s = 0; s < wb_nstations; s++)
            p[HELLO_FIXED_LEN + s] = wb_stations[s].mask;
        return send(b, MSG_HELLO, p, (uint8_t)(HELLO_FIXED_LEN + wb_nstations), frame);
    }
    if (b->n_errors) {
        uint8_t *e = b->errors[0];
        uint8_t len = send(b, MSG_ERROR, e, ERROR_LEN, frame);
        for (uint8_t i = 1; i < b->n_errors; i++)
            for (uint8_t j = 0; j < ERROR_LEN; j++)
                b->errors[i - 1][j] = b->errors[i][j];
        b->n_errors--;
        return len;
    }
    if (b->q_count) {
        box_event_t *e = &b->queue[b->q_head];
        proto_put16(p, e->seq);
        p[2] = e->station;
        p[3] = e->button;
        p[4] = e->kind;
        proto_put32(p + 5, e->t);
        b->q_head = (b->q_head + 1) & (BOX_QUEUE_LEN - 1);
        b->q_count--;
        return send(b, MSG_EVENT, p, EVENT_LEN, frame);
    }
    /* box_tx() found the heartbeat due. */
    b->next_heartbeat = now + BOX_HEARTBEAT_MS * 1000UL;
    proto_put32(p, now);
    proto_put16(p + 4, b->evseq);
    proto_put16(p + 6, b->dropped);
    proto_put16(p + 8, b->crc_errors);
    proto_put16(p + 10, b->bad_frames);
    proto_put16(p + 12, b->scan_max_us);
    b->scan_max_us = 0;
    return send(b, MSG_HEARTBEAT, p, HEARTBEAT_LEN, frame);
}

uint8_t box_tx(box_t *b, uint32_t now, const uint8_t **frame)
{
    if (b->pong_pending | b->hello_pending | b->n_errors | b->q_count ||
        (int32_t)(now - b->next_heartbeat) >= 0)
        return next_frame(b, now, frame);
    return 0;
}
