#include "layout.h"

#ifdef __AVR_ATmega2560__
const uint8_t wb_board = BOARD_MEGA;
/* Ports holding buttons: all of them are read back to back on every scan. */
const char wb_ports[] = "ACLKF";
const wb_station_t wb_stations[] = {
    {MASK_SIX_BUTTON, {{'A', 0}, {'A', 1}, {'A', 2}, {'A', 3}, {'A', 4}, {'A', 5}}, {'E', 4}},
    {MASK_SIX_BUTTON, {{'C', 0}, {'C', 1}, {'C', 2}, {'C', 3}, {'C', 4}, {'C', 5}}, {'E', 5}},
    {MASK_SIX_BUTTON, {{'L', 0}, {'L', 1}, {'L', 2}, {'L', 3}, {'L', 4}, {'L', 5}}, {'G', 5}},
    {MASK_SIX_BUTTON, {{'K', 0}, {'K', 1}, {'K', 2}, {'K', 3}, {'K', 4}, {'K', 5}}, {'E', 3}},
    {MASK_SIX_BUTTON, {{'F', 0}, {'F', 1}, {'F', 2}, {'F', 3}, {'F', 4}, {'F', 5}}, {'H', 3}},
    {MASK_SIX_BUTTON, {{'A', 6}, {'A', 7}, {'C', 6}, {'C', 7}, {'L', 6}, {'L', 7}}, {'H', 4}},
    {MASK_ONE_BUTTON, ONE_BUTTON('K', 6), {'H', 5}},
    {MASK_ONE_BUTTON, ONE_BUTTON('K', 7), {'H', 6}},
};
#else /* ATmega328P: Uno, Nano */
const uint8_t wb_board = BOARD_UNO;
const char wb_ports[] = "DCB";
const wb_station_t wb_stations[] = {
    {MASK_SIX_BUTTON, {{'D', 2}, {'D', 3}, {'D', 4}, {'D', 5}, {'D', 6}, {'D', 7}}, {'B', 0}},
    {MASK_SIX_BUTTON, {{'C', 0}, {'C', 1}, {'C', 2}, {'C', 3}, {'C', 4}, {'C', 5}}, {'B', 1}},
    {MASK_ONE_BUTTON, ONE_BUTTON('B', 2), {'B', 3}},
    {MASK_ONE_BUTTON, ONE_BUTTON('B', 4), {'B', 5}},
};
#endif

const uint8_t wb_nstations = sizeof wb_stations / sizeof wb_stations[0];
const uint8_t wb_nports = sizeof wb_ports - 1;
