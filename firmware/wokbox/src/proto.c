#include "proto.h"

#ifdef __AVR__
#include <util/crc16.h>
#else
/* The C equivalent that avr-libc documents for _crc_ccitt_update(). */
static uint16_t _crc_ccitt_update(uint16_t crc, uint8_t data)
{
    data ^= (uint8_t)crc;
    data ^= (uint8_t)(data << 4);
    return (uint16_t)((((uint16_t)data << 8) | (crc >> 8)) ^ (uint8_t)(data >> 4) ^
                      ((uint16_t)data << 3));
}
#endif

/* CRC-16/MCRF4XX: reflected 0x1021 polynomial, init 0xFFFF, no final xor. */
uint16_t proto_crc16(const uint8_t *data, uint8_t len)
{
    uint16_t crc = 0xFFFF;
    while (len--)
        crc = _crc_ccitt_update(crc, *data++);
    return crc;
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
    proto_put16(raw + 2 + len, proto_crc16(raw, (uint8_t)(2 + len)));
    return proto_cobs_encode(raw, (uint8_t)(len + 4), out);
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
    if (overflow || m < 4)
        return RX_ERR_FRAME;
    *frame = rx->buf;
    *len = (uint8_t)(m - 2);
    if (proto_crc16(rx->buf, *len) != proto_get16(rx->buf + *len))
        return RX_ERR_CRC;
    return RX_FRAME;
}
