// Wok Arcade buzzer box firmware: Arduino Uno / Nano (ATmega328P) and
// Mega 2560. Protocol: firmware/PROTOCOL.md; wiring: firmware/README.md.
// The logic lives in src/ (plain C, unit-tested on the host); this file
// is the hardware glue: ports, clock, serial port, LEDs and EEPROM.
#include <avr/eeprom.h>

#include "src/box.h"

#define EEPROM_BOX_ID ((uint16_t *)0)
// Bytes moved to or from the serial driver per scan: enough to keep the UART
// busy (one byte per 20 us at 500 kbaud) so a PONG leaves at once and the
// clock-sync round trip stays short, while no scan grows by more than ~70 us.
#define BYTES_PER_SCAN 8

static box_t box;
static volatile uint8_t *pin_reg[WB_MAX_PORTS];
static const uint8_t *tx_frame;
static uint8_t tx_len, tx_done;

// PINx; DDRx and PORTx follow it in the I/O space on every AVR port.
static volatile uint8_t *pin_register(char port)
{
    switch (port) {
#ifdef PINA
    case 'A': return &PINA;
#endif
    case 'B': return &PINB;
    case 'C': return &PINC;
    case 'D': return &PIND;
#ifdef PINE
    case 'E': return &PINE;
    case 'F': return &PINF;
    case 'G': return &PING;
    case 'H': return &PINH;
    case 'K': return &PINK;
    case 'L': return &PINL;
#endif
    }
    return 0;
}

static void setup_pin(wb_pin_t pin, bool output)
{
    volatile uint8_t *reg = pin_register(pin.port);
    uint8_t bit = 1 << pin.bit;
    if (output) {
        reg[1] |= bit;   // DDR: output
        reg[2] &= ~bit;  // PORT: low (LED off)
    } else {
        reg[1] &= ~bit;  // DDR: input
        reg[2] |= bit;   // PORT: pull-up, so a button to ground reads 0
    }
}

// Whole ports, back to back, sampled right after the clock: every button
// gets the same timestamp and none is favoured by the scan order.
static uint32_t sample(uint8_t *pressed)
{
    uint32_t now = micros();
    for (uint8_t p = 0; p < wb_nports; p++)
        pressed[p] = ~*pin_reg[p];
    return now;
}

extern "C" void hal_led(uint8_t station, uint8_t on)
{
    wb_pin_t pin = wb_stations[station].led;
    volatile uint8_t *port = pin_register(pin.port) + 2;
    if (on)
        *port |= 1 << pin.bit;
    else
        *port &= ~(1 << pin.bit);
}

// Blocks the scan for about 7 ms: acceptable for a setup command.
extern "C" void hal_store_box_id(uint16_t box_id)
{
    eeprom_update_word(EEPROM_BOX_ID, box_id);
}

void setup()
{
    Serial.begin(PROTO_BAUD);
    for (uint8_t p = 0; p < wb_nports; p++)
        pin_reg[p] = pin_register(wb_ports[p]);
    for (uint8_t s = 0; s < wb_nstations; s++) {
        for (uint8_t k = 0; k < BUTTONS_PER_STATION; k++)
            if (wb_stations[s].button[k].port)
                setup_pin(wb_stations[s].button[k], false);
        setup_pin(wb_stations[s].led, true);
    }
    delay(2); // let the pull-ups charge the button cables

    uint8_t pressed[WB_MAX_PORTS];
    uint32_t now = sample(pressed);
    box_init(&box, eeprom_read_word(EEPROM_BOX_ID), pressed, now);
    Serial.write((uint8_t)0); // delimiter: the host's decoder starts clean
}

void loop()
{
    // Our own loop skips the core's serialEvent polling between scans.
    for (;;) {
        uint8_t pressed[WB_MAX_PORTS];
        uint32_t now = sample(pressed);
        uint8_t busy = box_scan(&box, pressed, now);

        // Only the bytes already waiting, with a time taken after they were
        // counted: a PING's time is then never before its last byte arrived,
        // which the host's clock sync counts on (PROTOCOL.md, PONG). The
        // scan's own time can be a whole scan earlier.
        uint8_t waiting = (uint8_t)min(Serial.available(), BYTES_PER_SCAN);
        uint32_t rx_now = micros();
        for (uint8_t i = 0; i < waiting; i++)
            box_rx(&box, Serial.read(), rx_now);

        // Building a frame takes about as long as a scan: not on top of
        // the periodic work.
        if (tx_done == tx_len && !busy) {
            tx_len = box_tx(&box, now, &tx_frame);
            tx_done = 0;
        }
        for (uint8_t i = 0; i < BYTES_PER_SCAN && tx_done < tx_len &&
                            Serial.availableForWrite() > 0; i++)
            Serial.write(tx_frame[tx_done++]);
    }
}
