/* The box's logic, free of hardware: debounced scanning into an event
 * queue, host commands, and the choice of the next frame to send. The
 * sketch (wokbox.ino) supplies port samples, the clock, the serial port
 * and the two hal_* functions below; the host unit tests supply fakes. */
#ifndef WOKBOX_BOX_H
#define WOKBOX_BOX_H

#include <stdint.h>

#include "debounce.h"
#include "layout.h"
#include "proto.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BOX_QUEUE_LEN 32 /* power of two */
#define BOX_HEARTBEAT_MS 500
#define BOX_ERRORS_LEN 4
#define BOX_UNSET_ID 0xFFFF /* erased EEPROM */
#define LED_ALL 0xFF
#define LED_DEFAULT_PERIOD_MS 500

typedef struct {
    uint16_t seq;
    uint8_t station, button, kind;
    uint32_t t;
} box_event_t;

typedef struct {
    uint16_t box_id;
    uint8_t tx_seq;

    db_port_t ports[WB_MAX_PORTS];
    uint8_t input_of[WB_MAX_PORTS][8]; /* station << 4 | button, 0xFF if none */

    box_event_t queue[BOX_QUEUE_LEN];
    uint8_t q_head, q_count;
    uint16_t evseq; /* sequence number of the next event detected */

    uint16_t dropped, crc_errors, bad_frames, scan_max_us;
    uint32_t last_scan, next_heartbeat, next_tick;

    proto_rx_t rx;
    uint8_t hello_pending, pong_pending;
    uint32_t pong_token, pong_time;
    uint8_t errors[BOX_ERRORS_LEN][ERROR_LEN];
    uint8_t n_errors;

    uint8_t led_mode[WB_MAX_STATIONS];
    uint8_t led_lit; /* bit per station */
    uint32_t led_half_us[WB_MAX_STATIONS], led_next[WB_MAX_STATIONS];

    uint8_t wire[PROTO_MAX_WIRE];
} box_t;

/* Provided by the platform. */
void hal_led(uint8_t station, uint8_t on);
void hal_store_box_id(uint16_t box_id);

/* pressed[i]: lines of port wb_ports[i], 1 = pressed (already inverted
 * from the pull-up level). Buttons pressed now become stuck faults. */
void box_init(box_t *b, uint16_t box_id, const uint8_t *pressed, uint32_t now);

/* One scan: all ports sampled at time now. Returns 1 if it also did the
 * periodic work (stuck checks, LED blinking), so that the caller can put
 * off other slow work and keep this scan period short. */
uint8_t box_scan(box_t *b, const uint8_t *pressed, uint32_t now);

/* One byte from the host, received at time now. */
void box_rx(box_t *b, uint8_t byte, uint32_t now);

/* The next frame to send, or 0 if there is nothing to send. *frame points
 * into b and stays valid until the next call. */
uint8_t box_tx(box_t *b, uint32_t now, const uint8_t **frame);

#ifdef __cplusplus
}
#endif

#endif
