/* Host unit tests for the protocol, debounce and box logic in wokbox/src.
 * Run with `make -C firmware test`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "box.h"

static int passed, failed, current_failed;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
            current_failed = 1;                                              \
        }                                                                    \
    } while (0)
#define CHECK_EQ(a, b)                                                           \
    do {                                                                         \
        long long a_ = (long long)(a), b_ = (long long)(b);                      \
        if (a_ != b_) {                                                          \
            printf("  %s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a, \
                   a_, b_);                                                      \
            current_failed = 1;                                                  \
        }                                                                        \
    } while (0)

static void run(const char *name, void (*fn)(void))
{
    current_failed = 0;
    fn();
    printf("%s %s\n", current_failed ? "FAIL" : "ok  ", name);
    if (current_failed)
        failed++;
    else
        passed++;
}

/* ---- protocol ---- */

static void test_crc_check_value(void)
{
    /* CRC-32/ISO-HDLC catalogue check value, and zlib.crc32 of 0 bytes,
     * one 0x00 and four 0xFF (the host side checks many more vectors
     * against examples.c's output). */
    CHECK_EQ(proto_crc32((const uint8_t *)"123456789", 9), 0xCBF43926UL);
    CHECK_EQ(proto_crc32((const uint8_t *)"", 0), 0);
    CHECK_EQ(proto_crc32((const uint8_t *)"\0", 1), 0xD202EF8DUL);
    CHECK_EQ(proto_crc32((const uint8_t *)"\xff\xff\xff\xff", 4), 0xFFFFFFFFUL);
}

static void test_cobs_vectors(void)
{
    uint8_t out[16];
    const uint8_t a[] = {0x11, 0x22, 0x00, 0x33};
    const uint8_t a_enc[] = {0x03, 0x11, 0x22, 0x02, 0x33, 0x00};
    CHECK_EQ(proto_cobs_encode(a, 4, out), 6);
    CHECK(memcmp(out, a_enc, 6) == 0);
    const uint8_t z[] = {0x00};
    CHECK_EQ(proto_cobs_encode(z, 1, out), 3);
    CHECK(out[0] == 1 && out[1] == 1 && out[2] == 0);
    CHECK_EQ(proto_cobs_encode(z, 0, out), 2);
    CHECK(out[0] == 1 && out[1] == 0);
}

static void test_cobs_round_trip(void)
{
    uint8_t src[PROTO_MAX_FRAME], enc[PROTO_MAX_WIRE];
    srand(1);
    for (int round = 0; round < 5000; round++) {
        uint8_t len = (uint8_t)(rand() % (PROTO_MAX_FRAME + 1));
        for (int i = 0; i < len; i++)
            src[i] = (rand() % 4 == 0) ? 0 : (uint8_t)rand();
        uint8_t n = proto_cobs_encode(src, len, enc);
        CHECK_EQ(n, len + 2);
        CHECK_EQ(enc[n - 1], 0);
        CHECK(memchr(enc, 0, n - 1) == NULL);
        CHECK_EQ(proto_cobs_decode(enc, (uint8_t)(n - 1)), len);
        CHECK(memcmp(enc, src, len) == 0);
    }
}

static void test_cobs_rejects_overrun(void)
{
    uint8_t bad[] = {0x05, 0x11, 0x22};
    CHECK_EQ(proto_cobs_decode(bad, 3), -1);
}

/* Feeds bytes to a receiver; returns the last result other than RX_NONE. */
static int8_t feed(proto_rx_t *rx, const uint8_t *bytes, int n,
                   const uint8_t **frame, uint8_t *len)
{
    int8_t last = RX_NONE;
    for (int i = 0; i < n; i++) {
        int8_t r = proto_rx_byte(rx, bytes[i], frame, len);
        if (r != RX_NONE)
            last = r;
    }
    return last;
}

static void test_frame_round_trip(void)
{
    uint8_t wire[PROTO_MAX_WIRE];
    const uint8_t payload[] = {0x00, 0x01, 0x00, 0xFF};
    proto_rx_t rx;
    const uint8_t *f;
    uint8_t len;

    proto_rx_init(&rx);
    uint8_t n = proto_frame(MSG_PING, 42, payload, 4, wire);
    CHECK_EQ(feed(&rx, wire, n, &f, &len), RX_FRAME);
    CHECK_EQ(len, 6);
    CHECK_EQ(f[0], MSG_PING);
    CHECK_EQ(f[1], 42);
    CHECK(memcmp(f + 2, payload, 4) == 0);
}

static void test_rx_errors_and_resync(void)
{
    uint8_t wire[PROTO_MAX_WIRE], junk[100];
    const uint8_t payload[] = {1, 2, 3, 4};
    proto_rx_t rx;
    const uint8_t *f;
    uint8_t len;

    proto_rx_init(&rx);
    uint8_t n = proto_frame(MSG_PING, 1, payload, 4, wire);

    wire[3] ^= 0x40; /* corrupt a payload byte */
    CHECK_EQ(feed(&rx, wire, n, &f, &len), RX_ERR_CRC);
    wire[3] ^= 0x40;

    CHECK(feed(&rx, wire + 3, n - 3, &f, &len) < 0); /* truncated */
    CHECK_EQ(feed(&rx, wire, n, &f, &len), RX_FRAME);

    memset(junk, 0x55, sizeof junk); /* longer than any frame */
    CHECK_EQ(feed(&rx, junk, sizeof junk, &f, &len), RX_NONE);
    CHECK_EQ(proto_rx_byte(&rx, 0, &f, &len), RX_ERR_FRAME);
    CHECK_EQ(feed(&rx, wire, n, &f, &len), RX_FRAME);

    const uint8_t tiny[] = {0x02, 0x81, 0x00};
    CHECK_EQ(feed(&rx, tiny, 3, &f, &len), RX_ERR_FRAME);
    const uint8_t empty[] = {0x00, 0x00};
    CHECK_EQ(feed(&rx, empty, 2, &f, &len), RX_NONE);
    CHECK_EQ(feed(&rx, wire, n, &f, &len), RX_FRAME);
}

/* ---- debounce ---- */

typedef struct {
    uint8_t bit, kind;
    uint32_t t;
} rec_t;

static rec_t recs[64];
static int nrecs;

static void record(void *ctx, uint8_t bit, uint8_t kind, uint32_t t)
{
    (void)ctx;
    if (nrecs < 64)
        recs[nrecs++] = (rec_t){bit, kind, t};
}

/* Scans every 20 us from t0 to t1 with line values given by fn(t). */
static void scan_span(db_port_t *p, uint32_t t0, uint32_t t1,
                      uint8_t (*fn)(uint32_t))
{
    for (uint32_t t = t0; t - t0 <= t1 - t0; t += 20)
        db_scan(p, fn(t), t, record, NULL);
}

static uint32_t base;

/* Bit 3 pressed at base+1000 with bounce until base+4000, released at
 * base+200000 with bounce until base+203000. */
static uint8_t bouncy(uint32_t t)
{
    uint32_t d = t - base;
    if (d < 1000)
        return 0;
    if (d < 4000)
        return ((d - 1000) / 300) % 2 ? 0 : 0x08;
    if (d < 200000)
        return 0x08;
    if (d < 203000)
        return ((d - 200000) / 250) % 2 ? 0x08 : 0;
    return 0;
}

static void check_bouncy(uint32_t start)
{
    db_port_t p;
    base = start;
    nrecs = 0;
    db_init(&p, 0xFF, 0, base, record, NULL);
    scan_span(&p, base, base + 400000, bouncy);
    CHECK_EQ(nrecs, 2);
    CHECK_EQ(recs[0].kind, EV_PRESS);
    CHECK_EQ(recs[0].bit, 3);
    CHECK_EQ(recs[0].t, base + 1000);
    CHECK_EQ(recs[1].kind, EV_RELEASE);
    CHECK_EQ(recs[1].t, base + 200000);
}

static void test_bounce_gives_one_press_one_release(void)
{
    check_bouncy(0);
}

static void test_bounce_across_clock_wrap(void)
{
    check_bouncy(0xFFFFFFFFu - 2000); /* press lockout spans the wrap */
    check_bouncy(0xFFFFFFFFu - 199000); /* release lockout spans it */
}

static uint8_t short_tap(uint32_t t)
{
    return t >= 1000 && t < 6000 ? 0x01 : 0;
}

static void test_tap_shorter_than_lockout(void)
{
    db_port_t p;
    nrecs = 0;
    db_init(&p, 0xFF, 0, 0, record, NULL);
    scan_span(&p, 0, 100000, short_tap);
    CHECK_EQ(nrecs, 2);
    CHECK_EQ(recs[0].kind, EV_PRESS);
    CHECK_EQ(recs[0].t, 1000);
    /* The release is seen when the lockout ends. */
    CHECK_EQ(recs[1].kind, EV_RELEASE);
    CHECK_EQ(recs[1].t, 1000 + DB_LOCKOUT_US);
}

static void test_same_scan_same_time(void)
{
    db_port_t p;
    nrecs = 0;
    db_init(&p, 0x81, 0, 0, record, NULL);
    db_scan(&p, 0x81, 500, record, NULL);
    CHECK_EQ(nrecs, 2);
    CHECK_EQ(recs[0].t, 500);
    CHECK_EQ(recs[1].t, 500);
    db_scan(&p, 0x7E, 600, record, NULL); /* unwired bits are ignored */
    CHECK_EQ(nrecs, 2);
}

static void test_pressed_at_boot_is_stuck(void)
{
    db_port_t p;
    nrecs = 0;
    db_init(&p, 0x0F, 0x05, 100, record, NULL);
    CHECK_EQ(nrecs, 2);
    CHECK(recs[0].bit == 0 && recs[0].kind == EV_STUCK);
    CHECK(recs[1].bit == 2 && recs[1].kind == EV_STUCK);
    db_scan(&p, 0x05, 1000000, record, NULL);
    db_check_stuck(&p, 100000000, record, NULL);
    CHECK_EQ(nrecs, 2);
    db_scan(&p, 0x04, 100000000, record, NULL); /* bit 0 released */
    CHECK_EQ(nrecs, 3);
    CHECK(recs[2].bit == 0 && recs[2].kind == EV_UNSTUCK);
    db_scan(&p, 0x05, 100000100, record, NULL); /* release bounce: locked */
    db_scan(&p, 0x04, 100000200, record, NULL);
    db_scan(&p, 0x05, 100100000, record, NULL); /* a real press */
    CHECK_EQ(nrecs, 4);
    CHECK(recs[3].bit == 0 && recs[3].kind == EV_PRESS);
}

static void test_long_hold_becomes_stuck(void)
{
    db_port_t p;
    nrecs = 0;
    db_init(&p, 0x01, 0, 0, record, NULL);
    db_scan(&p, 0x01, 1000, record, NULL);
    db_check_stuck(&p, 1000 + DB_STUCK_US - 1, record, NULL);
    CHECK_EQ(nrecs, 1);
    db_check_stuck(&p, 1000 + DB_STUCK_US, record, NULL);
    db_check_stuck(&p, 2000 + DB_STUCK_US, record, NULL);
    CHECK_EQ(nrecs, 2);
    CHECK_EQ(recs[1].kind, EV_STUCK);
    db_scan(&p, 0x00, 3000 + DB_STUCK_US, record, NULL);
    CHECK_EQ(nrecs, 3);
    CHECK_EQ(recs[2].kind, EV_UNSTUCK);
}

/* ---- box ---- */

static int led_calls[WB_MAX_STATIONS];
static uint8_t led_state[WB_MAX_STATIONS];
static uint16_t stored_id = BOX_UNSET_ID;

void hal_led(uint8_t station, uint8_t on)
{
    led_calls[station]++;
    led_state[station] = on;
}

void hal_store_box_id(uint16_t box_id)
{
    stored_id = box_id;
}

/* Decodes the next frame the box wants to send; returns its type or 0. */
static uint8_t next_out(box_t *b, uint32_t now, uint8_t *payload, uint8_t *plen)
{
    const uint8_t *wire, *f = NULL;
    uint8_t n = box_tx(b, now, &wire), len = 0;
    proto_rx_t rx;
    if (!n)
        return 0;
    proto_rx_init(&rx);
    CHECK_EQ(feed(&rx, wire, n, &f, &len), RX_FRAME);
    memcpy(payload, f + 2, len - 2);
    *plen = (uint8_t)(len - 2);
    return f[0];
}

static void send_in(box_t *b, uint8_t type, const uint8_t *payload, uint8_t len,
                    uint32_t now)
{
    uint8_t wire[PROTO_MAX_WIRE];
    uint8_t n = proto_frame(type, 9, payload, len, wire);
    for (uint8_t i = 0; i < n; i++)
        box_rx(b, wire[i], now);
}

static const uint8_t released[WB_MAX_PORTS];

static void fresh_box(box_t *b)
{
    uint8_t p[PROTO_MAX_PAYLOAD], n;
    box_init(b, 0x0102, released, 1000);
    CHECK_EQ(next_out(b, 1000, p, &n), MSG_HELLO);
}

static void test_box_hello_then_heartbeat(void)
{
    box_t b;
    uint8_t p[PROTO_MAX_PAYLOAD], n;

    box_init(&b, 0x0102, released, 1000);
    CHECK_EQ(next_out(&b, 1010, p, &n), MSG_HELLO);
    CHECK_EQ(n, HELLO_FIXED_LEN + wb_nstations);
    CHECK_EQ(p[0], PROTO_VERSION);
    CHECK_EQ(proto_get16(p + 4), 0x0102);
    CHECK_EQ(p[6], BOARD_UNO);
    CHECK_EQ(p[7], DB_LOCKOUT_MS);
    CHECK_EQ(proto_get32(p + 11), 1010);
    CHECK_EQ(p[15], 4);
    CHECK(p[16] == 0x3F && p[17] == 0x3F && p[18] == 0x20 && p[19] == 0x20);
    CHECK_EQ(next_out(&b, 2000, p, &n), 0);
    box_scan(&b, released, 1000 + 499999);
    CHECK_EQ(next_out(&b, 1000 + 499999, p, &n), 0);
    box_scan(&b, released, 1000 + 500000);
    CHECK_EQ(next_out(&b, 1000 + 500000, p, &n), MSG_HEARTBEAT);
    CHECK_EQ(n, HEARTBEAT_LEN);
    CHECK_EQ(proto_get32(p), 501000);
    CHECK_EQ(proto_get16(p + 12), 0xFFFF); /* longest scan, saturated */
}

static void test_box_event_mapping(void)
{
    box_t b;
    uint8_t p[PROTO_MAX_PAYLOAD], n;
    uint8_t ports[WB_MAX_PORTS] = {0};

    fresh_box(&b);
    ports[1] = 1u << 3; /* PC3: station 1, button 3 */
    ports[2] = 1u << 2; /* PB2: station 2, the Wok'up button */
    box_scan(&b, ports, 5000);
    CHECK_EQ(next_out(&b, 5100, p, &n), MSG_EVENT);
    CHECK_EQ(proto_get16(p), 0);
    CHECK(p[2] == 1 && p[3] == 3 && p[4] == EV_PRESS);
    CHECK_EQ(proto_get32(p + 5), 5000);
    CHECK_EQ(next_out(&b, 5200, p, &n), MSG_EVENT);
    CHECK_EQ(proto_get16(p), 1);
    CHECK(p[2] == 2 && p[3] == WOKUP_BUTTON && p[4] == EV_PRESS);
    CHECK_EQ(proto_get32(p + 5), 5000);
}

static void test_box_queue_overflow_is_counted(void)
{
    box_t b;
    uint8_t p[PROTO_MAX_PAYLOAD], n;
    uint8_t ports[WB_MAX_PORTS] = {0};
    uint32_t t = 2000;

    fresh_box(&b);
    for (int i = 0; i < 40; i++) { /* 40 events, none sent */
        ports[0] ^= 0x04;
        t += DB_LOCKOUT_US;
        box_scan(&b, ports, t);
    }
    for (int i = 0; i < BOX_QUEUE_LEN; i++) {
        CHECK_EQ(next_out(&b, t, p, &n), MSG_EVENT);
        CHECK_EQ(proto_get16(p), i);
    }
    ports[0] ^= 0x04;
    t += DB_LOCKOUT_US;
    box_scan(&b, ports, t);
    CHECK_EQ(next_out(&b, t, p, &n), MSG_EVENT);
    CHECK_EQ(proto_get16(p), 40); /* the gap shows the 8 dropped */
    box_scan(&b, ports, t + 500000);
    CHECK_EQ(next_out(&b, t + 500000, p, &n), MSG_HEARTBEAT);
    CHECK_EQ(proto_get16(p + 4), 41);
    CHECK_EQ(proto_get16(p + 6), 8);
}

static void test_box_ping_pong_first(void)
{
    box_t b;
    uint8_t p[PROTO_MAX_PAYLOAD], n;
    uint8_t ports[WB_MAX_PORTS] = {0x04};
    const uint8_t token[] = {0xEF, 0xBE, 0xAD, 0xDE};

    fresh_box(&b);
    box_scan(&b, ports, 3000);
    send_in(&b, MSG_PING, token, 4, 3500);
    CHECK_EQ(next_out(&b, 3600, p, &n), MSG_PONG);
    CHECK_EQ(proto_get32(p), 0xDEADBEEF);
    CHECK_EQ(proto_get32(p + 4), 3500);
    CHECK_EQ(next_out(&b, 3700, p, &n), MSG_EVENT);
}

static void test_box_bad_frames_reported(void)
{
    box_t b;
    uint8_t p[PROTO_MAX_PAYLOAD], n, wire[PROTO_MAX_WIRE];
    const uint8_t token[] = {1, 2, 3, 4};

    fresh_box(&b);
    uint8_t len = proto_frame(MSG_PING, 7, token, 4, wire);
    wire[4] ^= 1;
    for (uint8_t i = 0; i < len; i++)
        box_rx(&b, wire[i], 2000);
    send_in(&b, 0x99, NULL, 0, 2000);        /* unknown type */
    send_in(&b, MSG_PING, token, 3, 2000);   /* short payload */
    const uint8_t led[] = {9, LED_ON, 0, 0}; /* no station 9 */
    send_in(&b, MSG_LED, led, 4, 2000);
    CHECK_EQ(next_out(&b, 2100, p, &n), MSG_ERROR);
    CHECK(p[0] == ERR_CRC && p[1] == MSG_PING && p[2] == 7);
    CHECK_EQ(next_out(&b, 2100, p, &n), MSG_ERROR);
    CHECK(p[0] == ERR_UNKNOWN_TYPE && p[1] == 0x99 && p[2] == 9);
    CHECK_EQ(next_out(&b, 2100, p, &n), MSG_ERROR);
    CHECK_EQ(p[0], ERR_BAD_ARG);
    CHECK_EQ(next_out(&b, 2100, p, &n), MSG_ERROR);
    CHECK_EQ(p[0], ERR_BAD_ARG);
    box_scan(&b, released, 600000);
    CHECK_EQ(next_out(&b, 600000, p, &n), MSG_HEARTBEAT);
    CHECK_EQ(proto_get16(p + 8), 1); /* CRC errors */
    CHECK_EQ(proto_get16(p + 10), 3); /* other bad frames */
}

static void test_box_leds(void)
{
    box_t b;
    const uint8_t on_all[] = {LED_ALL, LED_ON, 0, 0};
    const uint8_t blink1[] = {1, LED_BLINK, 100, 0}; /* 100 ms period */
    const uint8_t off0[] = {0, LED_OFF, 0, 0};

    memset(led_calls, 0, sizeof led_calls);
    fresh_box(&b);
    send_in(&b, MSG_LED, on_all, 4, 2000);
    for (uint8_t s = 0; s < wb_nstations; s++)
        CHECK(led_state[s] == 1 && led_calls[s] == 1);
    send_in(&b, MSG_LED, off0, 4, 2000);
    CHECK_EQ(led_state[0], 0);
    send_in(&b, MSG_LED, blink1, 4, 2000);
    int toggles = 0;
    uint8_t last = led_state[1];
    for (uint32_t t = 2000; t <= 2000 + 1000000; t += 100) {
        box_scan(&b, released, t);
        toggles += led_state[1] != last;
        last = led_state[1];
    }
    CHECK_EQ(toggles, 20); /* 10 periods in one second */
    CHECK_EQ(led_state[2], 1);
}

static void test_box_set_id(void)
{
    box_t b;
    uint8_t p[PROTO_MAX_PAYLOAD], n;
    const uint8_t id[] = {0x34, 0x12};

    fresh_box(&b);
    send_in(&b, MSG_SET_ID, id, 2, 2000);
    CHECK_EQ(stored_id, 0x1234);
    CHECK_EQ(next_out(&b, 2100, p, &n), MSG_HELLO);
    CHECK_EQ(proto_get16(p + 4), 0x1234);
    send_in(&b, MSG_HELLO_REQ, NULL, 0, 3000);
    CHECK_EQ(next_out(&b, 3100, p, &n), MSG_HELLO);
}

static void test_box_stuck_at_boot(void)
{
    box_t b;
    uint8_t p[PROTO_MAX_PAYLOAD], n;
    uint8_t ports[WB_MAX_PORTS] = {0x80}; /* PD7: station 0, Wok'up */

    box_init(&b, 1, ports, 1000);
    CHECK_EQ(next_out(&b, 1000, p, &n), MSG_HELLO);
    CHECK_EQ(next_out(&b, 1000, p, &n), MSG_EVENT);
    CHECK(p[2] == 0 && p[3] == WOKUP_BUTTON && p[4] == EV_STUCK);
}

int main(void)
{
    run("crc_check_value", test_crc_check_value);
    run("cobs_vectors", test_cobs_vectors);
    run("cobs_round_trip", test_cobs_round_trip);
    run("cobs_rejects_overrun", test_cobs_rejects_overrun);
    run("frame_round_trip", test_frame_round_trip);
    run("rx_errors_and_resync", test_rx_errors_and_resync);
    run("bounce_gives_one_press_one_release", test_bounce_gives_one_press_one_release);
    run("bounce_across_clock_wrap", test_bounce_across_clock_wrap);
    run("tap_shorter_than_lockout", test_tap_shorter_than_lockout);
    run("same_scan_same_time", test_same_scan_same_time);
    run("pressed_at_boot_is_stuck", test_pressed_at_boot_is_stuck);
    run("long_hold_becomes_stuck", test_long_hold_becomes_stuck);
    run("box_hello_then_heartbeat", test_box_hello_then_heartbeat);
    run("box_event_mapping", test_box_event_mapping);
    run("box_queue_overflow_is_counted", test_box_queue_overflow_is_counted);
    run("box_ping_pong_first", test_box_ping_pong_first);
    run("box_bad_frames_reported", test_box_bad_frames_reported);
    run("box_leds", test_box_leds);
    run("box_set_id", test_box_set_id);
    run("box_stuck_at_boot", test_box_stuck_at_boot);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
