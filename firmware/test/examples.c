/* Prints the example frames of PROTOCOL.md, made by the firmware's own
 * code; tests/firmware checks the document and the Python codec against
 * this output. Format: "NAME: hex bytes". With --crc, CRC-32 vectors
 * instead. */
#include <stdio.h>
#include <string.h>

#include "box.h"

void hal_led(uint8_t station, uint8_t on)
{
    (void)station;
    (void)on;
}

void hal_store_box_id(uint16_t box_id)
{
    (void)box_id;
}

static void print(const char *name, const uint8_t *wire, uint8_t len)
{
    printf("%s:", name);
    for (uint8_t i = 0; i < len; i++)
        printf(" %02x", wire[i]);
    printf("\n");
}

static void box_out(box_t *b, const char *name, uint32_t now)
{
    const uint8_t *wire;
    uint8_t len = box_tx(b, now, &wire);
    print(name, wire, len);
}

static void host_out(const char *name, uint8_t type, uint8_t seq,
                     const uint8_t *payload, uint8_t len, box_t *b, uint32_t now)
{
    uint8_t wire[PROTO_MAX_WIRE];
    uint8_t n = proto_frame(type, seq, payload, len, wire);
    print(name, wire, n);
    for (uint8_t i = 0; i < n; i++)
        box_rx(b, wire[i], now);
}

/* Scans every 24 us, as the firmware does, until time t. */
static void run_until(box_t *b, const uint8_t *ports, uint32_t t)
{
    while (b->last_scan + 24 <= t)
        box_scan(b, ports, b->last_scan + 24);
    box_scan(b, ports, t);
}

/* CRC-32 of known inputs, for the host to compare with zlib.crc32: the
 * check string, then byte i = i * 151 + 7 for every length up to a frame's. */
static void crc_vectors(void)
{
    uint8_t data[PROTO_MAX_FRAME];
    printf("CRC32 check: %08lx\n", (unsigned long)proto_crc32((const uint8_t *)"123456789", 9));
    for (uint8_t i = 0; i < PROTO_MAX_FRAME; i++)
        data[i] = (uint8_t)(i * 151 + 7);
    for (uint8_t n = 0; n <= PROTO_MAX_FRAME; n++)
        printf("CRC32 %u: %08lx\n", n, (unsigned long)proto_crc32(data, n));
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--crc")) {
        crc_vectors();
        return 0;
    }
    box_t b;
    uint8_t ports[WB_MAX_PORTS] = {0};
    const uint8_t ping[] = {0x78, 0x56, 0x34, 0x12};
    const uint8_t led[] = {1, LED_BLINK, 0xF4, 0x01};
    const uint8_t set_id[] = {0x2A, 0x00};

    box_init(&b, 7, ports, 1000);
    box_out(&b, "HELLO", 1000);
    run_until(&b, ports, 1999990);
    ports[0] = 1u << 7; /* PD7: station 0, Wok'up */
    run_until(&b, ports, 2000000);
    box_out(&b, "EVENT", 2000000);
    run_until(&b, ports, 2119990);
    ports[0] = 0;
    run_until(&b, ports, 2120000);
    box_out(&b, "EVENT_RELEASE", 2120000);
    host_out("PING", MSG_PING, 0, ping, sizeof ping, &b, 2200000);
    box_out(&b, "PONG", 2200100);
    run_until(&b, ports, 2200200);
    box_out(&b, "HEARTBEAT", 2200200);
    host_out("HELLO_REQ", MSG_HELLO_REQ, 1, NULL, 0, &b, 2300000);
    host_out("LED", MSG_LED, 2, led, sizeof led, &b, 2400000);
    host_out("SET_ID", MSG_SET_ID, 3, set_id, sizeof set_id, &b, 2500000);
    box_out(&b, "HELLO_AFTER_SET_ID", 2500000); /* SET_ID and HELLO_REQ answered once */
    host_out("BAD_TYPE", 0x99, 4, NULL, 0, &b, 2600000);
    box_out(&b, "ERROR", 2600000);
    return 0;
}
