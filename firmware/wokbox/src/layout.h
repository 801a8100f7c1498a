/* Which pins the buttons and LEDs of each station use, per board.
 * Shared by the firmware and the simulator harness (firmware/sim), which
 * presses the same pins. Ports are named by letter: 'D' is PORTD/PIND. */
#ifndef WOKBOX_LAYOUT_H
#define WOKBOX_LAYOUT_H

#include <stdint.h>

#define FW_VERSION_MAJOR 2
#define FW_VERSION_MINOR 0
#define FW_VERSION_PATCH 0

/* Buttons 0-4 are the deck pentagon (0 at the top, then clockwise),
 * button 5 is the big "Wok'up!" button. A one-button station has only 5. */
#define BUTTONS_PER_STATION 6
#define WOKUP_BUTTON 5
#define MASK_SIX_BUTTON 0x3F
#define MASK_ONE_BUTTON (1u << WOKUP_BUTTON)

typedef struct {
    char port; /* 0: not fitted */
    uint8_t bit;
} wb_pin_t;

typedef struct {
    uint8_t mask; /* which of the six buttons exist */
    wb_pin_t button[BUTTONS_PER_STATION];
    wb_pin_t led;
} wb_station_t;

#define NO_PIN {0, 0}
#define ONE_BUTTON(port, bit) {NO_PIN, NO_PIN, NO_PIN, NO_PIN, NO_PIN, {port, bit}}

/* Board ids reported in HELLO. */
enum { BOARD_UNO = 1, BOARD_MEGA = 2 };

#define WB_MAX_STATIONS 8
#define WB_MAX_PORTS 5

#ifdef __cplusplus
extern "C" {
#endif

/* Defined in layout.c for the MCU being built (ATmega2560 or ATmega328P;
 * host builds get the ATmega328P table, which the simulator uses). */
extern const uint8_t wb_board;
extern const char wb_ports[];
extern const uint8_t wb_nports;
extern const wb_station_t wb_stations[];
extern const uint8_t wb_nstations;

#ifdef __cplusplus
}
#endif

#endif
