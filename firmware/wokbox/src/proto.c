#include "proto.h"

#ifdef __AVR__
#include <avr/pgmspace.h>
#define NIBBLE(i) pgm_read_dword(&crc_nibble[i])
#else
#define PROGMEM
#define NIBBLE(i) crc_nibble[i]
#endif

/* The CRC of each 4-bit value under the reflected polynomial 0xEDB88320:
 * two lookups a byte. 64 bytes of flash, against 1 KB for the byte-wise
 * table, and about a quarter of the bit-by-bit loop's time. */
static const uint32_t crc_nibble[16] PROGMEM = {
    0x00000000UL, 0x1DB71064UL, 0x3B6E20C8UL, 0x26D930ACUL,
    0x76DC4190UL, 0x6B6B51F4UL, 0x4DB26158UL, 0x5005713CUL,
    0xEDB88320UL, 0xF00F9344UL, 0xD6D6A3E8UL, 0xCB61B38CUL,
    0x9B64C2B0UL, 0x86D3D2D4UL, 0xA00AE278UL, 0xBDBDF21CUL,
};

/* CRC-32/ISO-HDLC: reflected 0x04C11DB7, init and final xor 0xFFFFFFFF. */
uint32_t proto_crc32(const uint8_t *data, uint8_t len)
{
    uint32_t crc = 0xFFFFFFFFUL;
    while (len--) {
        crc ^= *data++;
        crc = (crc >> 4) ^ NIBBLE(crc & 0x0F);
        crc = (crc >> 4) ^ NIBBLE(crc & 0x0F);
    }
    return ~crc;
}

uint8_t proto_cobs_encode(const uint8_t *src, uint8_t len, uint8_t *dst)
{
    /* len <= 253 (see proto.h), so no block reaches 254 bytes and every
     * length byte fits below 0xFF. */
    uint8_t *code = dst; /* where the current block's length byte goes */
    uint8_t *out = dst + 1;
    uint8_t run = 1;

    for (uint8_t i = 0; i < len; i++) {
        if (src[i] == 0) {
            *code = run;
            code = out++;
            run = 1;
        } else {
            *out++ = src[i];
            run++;
        }
    }
    *code = run;
    *out++ = 0;
    return (uint8_t)(out - dst);
}

int16_t proto_cobs_decode(uint8_t *buf, uint8_t len)
{
    uint8_t in = 0, out = 0;

    while (in < len) {
        uint8_t code = buf[in++];
        if (code == 0 || in + code - 1 > len)
            return -1;
        for (uint8_t i = 1; i < code; i++)
            buf[out++] = buf[in++];
        if (code != 0xFF && in < len)
            buf[out++] = 0;
    }
    return out;
}

uint8_t proto_frame(uint8_t type, uint8_t seq, const uint8_t *payload,
                    uint8_t len, uint8_t *out)
{
    uint8_t raw[PROTO_MAX_FRAME];

    raw[0] = type;
    raw[1] = seq;
    for (uint8_t i = 0; i < len; i++)
        raw[2 + i] = payload[i];
    proto_put32(raw + 2 + len, proto_crc32(raw, (uint8_t)(2 + len)));
    return proto_cobs_encode(raw, (uint8_t)(len + PROTO_MIN_FRAME), out);
}

void proto_rx_init(proto_rx_t *rx)
{
    rx->len = 0;
    rx->overflow = 0;
}

int8_t proto_rx_byte(proto_rx_t *rx, uint8_t byte, const uint8_t **frame,
                     uint8_t *len)
{
    if (byte != 0) {
        if (rx->len < sizeof rx->buf)
            rx->buf[rx->len++] = byte;
        else
            rx->overflow = 1;
        return RX_NONE;
    }

    uint8_t n = rx->len;
    uint8_t overflow = rx->overflow;
    proto_rx_init(rx);
    if (n == 0)
        return RX_NONE; /* empty frames are allowed as sync bytes */
    int16_t m = proto_cobs_decode(rx->buf, n);
    if (overflow || m < PROTO_MIN_FRAME)
        return RX_ERR_FRAME;
    *frame = rx->buf;
    *len = (uint8_t)(m - PROTO_CRC_LEN);
    if (proto_crc32(rx->buf, *len) != proto_get32(rx->buf + *len))
        return RX_ERR_CRC;
    return RX_FRAME;
}
