/* Wok Arcade buzzer box wire protocol (see firmware/PROTOCOL.md).
 * Plain C so that the same code runs on the AVR and in the host unit tests. */
#ifndef WOKBOX_PROTO_H
#define WOKBOX_PROTO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2: CRC-32 check word (1 had CRC-16/MCRF4XX). */
#define PROTO_VERSION 2
#define PROTO_BAUD 500000UL

/* Largest unencoded frame: type + seq + payload + crc. */
#define PROTO_MAX_FRAME 48
#define PROTO_CRC_LEN 4
#define PROTO_MIN_FRAME (2 + PROTO_CRC_LEN)
#define PROTO_MAX_PAYLOAD (PROTO_MAX_FRAME - PROTO_MIN_FRAME)
/* COBS adds one byte to frames this short, plus the 0 delimiter. */
#define PROTO_MAX_WIRE (PROTO_MAX_FRAME + 2)

/* Box -> host frame types. */
enum {
    MSG_HELLO = 0x01,
    MSG_EVENT = 0x02,
    MSG_HEARTBEAT = 0x03,
    MSG_PONG = 0x04,
    MSG_ERROR = 0x05,
};

/* Host -> box frame types. */
enum {
    MSG_PING = 0x81,
    MSG_HELLO_REQ = 0x82,
    MSG_LED = 0x83,
    MSG_SET_ID = 0x84,
};

/* EVENT kinds. */
enum {
    EV_RELEASE = 0,
    EV_PRESS = 1,
    EV_STUCK = 2,   /* held at boot or too long: out of play until released */
    EV_UNSTUCK = 3, /* a stuck button reads released again */
};

/* ERROR codes. */
enum {
    ERR_CRC = 1,          /* frame CRC mismatch */
    ERR_FRAME = 2,        /* bad COBS, too short or too long */
    ERR_UNKNOWN_TYPE = 3, /* type not understood */
    ERR_BAD_ARG = 4,      /* payload length or value out of range */
};

/* LED modes. */
enum { LED_OFF = 0, LED_ON = 1, LED_BLINK = 2 };

/* Payload sizes (fixed part). */
#define HELLO_FIXED_LEN 16
#define EVENT_LEN 9
#define HEARTBEAT_LEN 14
#define PONG_LEN 8
#define ERROR_LEN 3
#define PING_LEN 4
#define LED_LEN 4
#define SET_ID_LEN 2

/* CRC-32/ISO-HDLC (zlib's crc32): check value 0xCBF43926. */
uint32_t proto_crc32(const uint8_t *data, uint8_t len);

/* COBS-encode len (at most 253) bytes of src into dst and append the 0
 * delimiter: len + 2 bytes. Returns the bytes written. */
uint8_t proto_cobs_encode(const uint8_t *src, uint8_t len, uint8_t *dst);

/* Decode a COBS block (without delimiter) in place. Returns the decoded
 * length, or -1 if the block is malformed. */
int16_t proto_cobs_decode(uint8_t *buf, uint8_t len);

/* Build a complete wire frame (header, payload, CRC, COBS, delimiter) into
 * out (PROTO_MAX_WIRE bytes). Returns its length. */
uint8_t proto_frame(uint8_t type, uint8_t seq, const uint8_t *payload,
                    uint8_t len, uint8_t *out);

static inline void proto_put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static inline void proto_put32(uint8_t *p, uint32_t v)
{
    proto_put16(p, (uint16_t)v);
    proto_put16(p + 2, (uint16_t)(v >> 16));
}

static inline uint16_t proto_get16(const uint8_t *p)
{
    return (uint16_t)(p[0] | ((uint16_t)p[1] << 8));
}

static inline uint32_t proto_get32(const uint8_t *p)
{
    return proto_get16(p) | ((uint32_t)proto_get16(p + 2) << 16);
}

/* Streaming receiver: feed bytes one at a time. */
typedef struct {
    uint8_t buf[PROTO_MAX_FRAME + 1]; /* the largest COBS block */
    uint8_t len;
    uint8_t overflow; /* current frame ran past the buffer: drop it */
} proto_rx_t;

/* Result of proto_rx_byte(). */
enum {
    RX_NONE = 0,      /* need more bytes */
    RX_FRAME = 1,     /* *frame / *len hold a checked frame (type, seq, payload) */
    RX_ERR_FRAME = -1,
    RX_ERR_CRC = -2,
};

void proto_rx_init(proto_rx_t *rx);

/* On RX_FRAME, *frame points to type, seq, payload inside rx->buf and *len
 * is the length of those (CRC stripped, at least 2). Valid until the next
 * call. On RX_ERR_CRC, *frame / *len describe the unchecked frame. */
int8_t proto_rx_byte(proto_rx_t *rx, uint8_t byte, const uint8_t **frame,
                     uint8_t *len);

#ifdef __cplusplus
}
#endif

#endif
