/* Simulated buzzer box: runs the real ATmega328P firmware ELF on simavr,
 * bridges its UART to a pseudo-terminal and presses buttons on command.
 *
 *   wokbox-sim [--ppm N] [--id N] [--hold S:B]... firmware.elf
 *
 * Control channel: commands on stdin, one reply line each on stdout. The
 * first line is "ready <pty path>"; the firmware boots when a client opens
 * that pty, and commands wait until then. Times are device microseconds: the
 * firmware's micros() clock, counted from the cycle its timer 0 started.
 *
 *   now                          -> ok <t>
 *   press S B [AT|-|+N [D1,D2,...]]   -> ok <t of the first edge>
 *   release S B [AT|-|+N [D1,D2,...]] -> ok <t of the first edge>
 *   led                          -> ok <level of each station's LED>
 *   stats                        -> ok cycle=<n> lag_us=<n> max_lag_us=<n>
 *                                   tx_waiting=<n> rx_waiting=<n>
 *                                   (largest lag since the last stats; serial
 *                                   bytes not yet due or not yet taken)
 *   quit
 *
 * AT is a device time, "-" for now or "+N" for N us after now; Dn are
 * bounce intervals: after the first edge the line toggles again after D1,
 * then D2 more, and so on (an even count, so the line ends where the command
 * says). Every command of one write is answered before the simulation runs
 * on, at the same simulated instant: presses sent together with "+N" times
 * keep their spacing however busy the host is.
 *
 * simavr runs free when the firmware busy-loops, so this harness paces it:
 * simulated cycles follow the wall clock at 16 MHz * (1 + ppm / 1e6),
 * which is how fast or slow the simulated resonator is.
 *
 * The simulation may fall behind the wall clock (a busy host) and then
 * catches up at full speed, so the serial bytes carry the cycle they belong
 * to: a byte read from the pty enters the UART at the cycle of the wall time
 * it was read (the simulation reaches that cycle soon enough), and a byte
 * the UART sends leaves for the pty once the wall clock reaches its cycle.
 * Then the simulated clock stays a straight line of the host's clock, as a
 * resonator is, and a host that was busy sees only a longer round trip,
 * never a clock that jumped.
 *
 * The pty bridge is done here rather than with libsimavrparts' uart_pty:
 * uart_pty feeds the UART from its own thread (racing avr_run on the cycle
 * timers) and every instance rewrites the same /tmp/simavr-uart0 link,
 * while several boxes must run side by side. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "avr_eeprom.h"
#include "avr_ioport.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"

#include "layout.h"

#define F_CPU 16000000.0
#define CYCLES_PER_US 16
#define TCCR0B 0x45         /* timer 0 clock select: set when micros() starts */
#define SLICE_CYCLES 1600   /* 0.1 ms of simulation between I/O checks: the lead over the wall clock bounds clock-sync accuracy */
#define MAX_ACTIONS 4096
#define MAX_BOUNCES 64
#define SERIAL_BUF 65536  /* bytes waiting either way: a full USB buffer drops the oldest */
#define BOOTLOADER_US 100000

typedef struct {
    avr_cycle_count_t cycle;
    char port;
    uint8_t bit, level;
} action_t;

static avr_t *avr;
static FILE *ctl;           /* control replies (stdout is left to simavr) */
static avr_cycle_count_t clock0;
static double cycles_per_ns;
static struct timespec wall0;
static avr_cycle_count_t cycle0;
static int64_t max_lag_us;

static action_t actions[MAX_ACTIONS];
static int n_actions;

/* Serial bytes with the cycle they belong to, first in first out. */
typedef struct {
    avr_cycle_count_t cycle;
    uint8_t byte;
} timed_byte_t;

typedef struct {
    timed_byte_t b[SERIAL_BUF];
    size_t head, len;
} byte_queue_t;

static int pty_master;
static byte_queue_t tx, rx;
static int uart_xon = 1;

/* Port pull-ups as seen by simavr: it re-applies a PORT pull-up to every
 * input whenever the firmware writes that PORT (an LED on the same port),
 * so a pressed button must be declared as the pin's external value. */
static uint8_t line_level[26], button_mask[26];

static void die(const char *msg)
{
    fprintf(stderr, "wokbox-sim: %s\n", msg);
    exit(2);
}

static int64_t device_us(avr_cycle_count_t cycle)
{
    return ((int64_t)cycle - (int64_t)clock0) / CYCLES_PER_US;
}

static int64_t wall_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (t.tv_sec - wall0.tv_sec) * 1000000000LL + (t.tv_nsec - wall0.tv_nsec);
}

static avr_cycle_count_t paced_cycle(void)
{
    return cycle0 + (avr_cycle_count_t)(wall_ns() * cycles_per_ns);
}

static void set_line(char port, uint8_t bit, uint8_t level)
{
    uint8_t *lv = &line_level[port - 'A'];
    *lv = (uint8_t)((*lv & ~(1u << bit)) | (level << bit));
    avr_ioport_external_t ext = {.name = port, .mask = button_mask[port - 'A'],
                                 .value = *lv};
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(port), &ext);
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit), level);
}

static void add_action(avr_cycle_count_t cycle, wb_pin_t pin, uint8_t level)
{
    if (n_actions == MAX_ACTIONS)
        die("too many pending presses");
    int i = n_actions++;
    while (i > 0 && actions[i - 1].cycle > cycle) {
        actions[i] = actions[i - 1];
        i--;
    }
    actions[i] = (action_t){cycle, pin.port, pin.bit, level};
}

static void run_due_actions(void)
{
    int done = 0;
    while (done < n_actions && actions[done].cycle <= avr->cycle) {
        set_line(actions[done].port, actions[done].bit, actions[done].level);
        done++;
    }
    if (done) {
        n_actions -= done;
        memmove(actions, actions + done, n_actions * sizeof *actions);
    }
}

static const wb_pin_t *button_pin(int station, int button)
{
    if (station < 0 || station >= wb_nstations || button < 0 ||
        button >= BUTTONS_PER_STATION || !wb_stations[station].button[button].port)
        return NULL;
    return &wb_stations[station].button[button];
}

/* press / release: schedules the edges, replies with the first one's time. */
static void cmd_edge(uint8_t pressed, char *args)
{
    int station, button;
    char at[32] = "-", bounce[512] = "";
    if (sscanf(args, "%d %d %31s %511s", &station, &button, at, bounce) < 2) {
        fprintf(ctl, "err usage: press|release S B [AT|-|+N [D1,D2,...]]\n");
        return;
    }
    const wb_pin_t *pin = button_pin(station, button);
    if (!pin) {
        fprintf(ctl, "err no button %d %d\n", station, button);
        return;
    }

    /* Whole microseconds so that the reply is exact. */
    int64_t now = (int64_t)(avr->cycle - clock0 + CYCLES_PER_US - 1) / CYCLES_PER_US;
    /* "+N": N us after now, the same now for every command of one read, so
     * presses sent together in one write land together however late. */
    int64_t t = !strcmp(at, "-") ? now : at[0] == '+' ? now + strtoll(at + 1, NULL, 10)
                                                       : strtoll(at, NULL, 10);
    if (t < now)
        t = now;

    int64_t edges[MAX_BOUNCES + 1] = {t};
    int n = 1;
    for (char *tok = strtok(bounce, ","); tok; tok = strtok(NULL, ",")) {
        if (n > MAX_BOUNCES) {
            fprintf(ctl, "err too many bounces\n");
            return;
        }
        edges[n] = edges[n - 1] + strtoll(tok, NULL, 10);
        n++;
    }
    if (n % 2 == 0) {
        fprintf(ctl, "err bounce needs an even number of intervals\n");
        return;
    }
    for (int i = 0; i < n; i++) /* buttons pull the line to ground */
        add_action(clock0 + (avr_cycle_count_t)edges[i] * CYCLES_PER_US, *pin,
                   (uint8_t)((i % 2 == 0) == !pressed));
    run_due_actions();
    fprintf(ctl, "ok %lld\n", (long long)t);
}

static void cmd_led(void)
{
    fprintf(ctl, "ok");
    for (int s = 0; s < wb_nstations; s++) {
        avr_ioport_state_t st;
        wb_pin_t led = wb_stations[s].led;
        avr_ioctl(avr, AVR_IOCTL_IOPORT_GETSTATE(led.port), &st);
        fprintf(ctl, " %d", (st.port >> led.bit) & 1);
    }
    fprintf(ctl, "\n");
}

static void command(char *line)
{
    char *args = line + strcspn(line, " ");
    if (*args)
        *args++ = 0;
    if (!strcmp(line, "now"))
        fprintf(ctl, "ok %lld\n", (long long)device_us(avr->cycle));
    else if (!strcmp(line, "press"))
        cmd_edge(1, args);
    else if (!strcmp(line, "release"))
        cmd_edge(0, args);
    else if (!strcmp(line, "led"))
        cmd_led();
    else if (!strcmp(line, "stats")) {
        int64_t lag = ((int64_t)paced_cycle() - (int64_t)avr->cycle) / CYCLES_PER_US;
        fprintf(ctl, "ok cycle=%llu lag_us=%lld max_lag_us=%lld tx_waiting=%zu rx_waiting=%zu\n",
                (unsigned long long)avr->cycle, (long long)lag, (long long)max_lag_us, tx.len, rx.len);
        max_lag_us = 0;
    } else if (!strcmp(line, "quit"))
        exit(0);
    else if (*line)
        fprintf(ctl, "err unknown command %s\n", line);
    fflush(ctl);
}

static void read_control(void)
{
    static char buf[4096];
    static size_t len;
    ssize_t r = read(0, buf + len, sizeof buf - 1 - len);
    if (r == 0)
        exit(0); /* our parent is gone */
    if (r < 0) {
        if (errno == EAGAIN || errno == EINTR)
            return;
        die("control read failed");
    }
    len += (size_t)r;
    char *start = buf, *nl;
    while ((nl = memchr(start, '\n', len - (size_t)(start - buf)))) {
        *nl = 0;
        command(start);
        start = nl + 1;
    }
    len -= (size_t)(start - buf);
    memmove(buf, start, len);
    if (len == sizeof buf - 1)
        len = 0; /* an absurd line: drop it */
}

static void queue_push(byte_queue_t *q, avr_cycle_count_t cycle, uint8_t byte)
{
    if (q->len == SERIAL_BUF) { /* nobody read for very long: drop the oldest */
        q->head = (q->head + 1) % SERIAL_BUF;
        q->len--;
    }
    q->b[(q->head + q->len++) % SERIAL_BUF] = (timed_byte_t){cycle, byte};
}

static const timed_byte_t *queue_first(const byte_queue_t *q)
{
    return q->len ? &q->b[q->head] : NULL;
}

static void queue_pop(byte_queue_t *q)
{
    q->head = (q->head + 1) % SERIAL_BUF;
    q->len--;
}

static void uart_out_hook(avr_irq_t *irq, uint32_t value, void *param)
{
    queue_push(&tx, avr->cycle, (uint8_t)value);
}

static void uart_xon_hook(avr_irq_t *irq, uint32_t value, void *param)
{
    uart_xon = 1;
}

static void uart_xoff_hook(avr_irq_t *irq, uint32_t value, void *param)
{
    uart_xon = 0;
}

/* pty -> rx queue, stamped with the cycle of now; tx queue -> pty, the
 * bytes whose cycle the wall clock has reached. */
static void pump_pty(void)
{
    uint8_t buf[4096];
    ssize_t r = read(pty_master, buf, sizeof buf);
    avr_cycle_count_t now = paced_cycle();
    for (ssize_t i = 0; i < r; i++)
        queue_push(&rx, now, buf[i]);

    size_t n = 0;
    const timed_byte_t *t;
    while (n < tx.len && n < sizeof buf && (t = &tx.b[(tx.head + n) % SERIAL_BUF])->cycle <= now)
        buf[n++] = t->byte;
    ssize_t w = n ? write(pty_master, buf, n) : 0;
    for (ssize_t i = 0; i < w; i++)
        queue_pop(&tx);
}

/* Received bytes whose cycle has come enter the UART, while it takes them. */
static void feed_uart(void)
{
    avr_irq_t *in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    const timed_byte_t *t;
    while (uart_xon && (t = queue_first(&rx)) && t->cycle <= avr->cycle) {
        avr_raise_irq(in, t->byte);
        queue_pop(&rx);
    }
}

static void open_pty(char *name)
{
    int slave;
    struct termios tio;
    if (openpty(&pty_master, &slave, name, NULL, NULL) < 0)
        die("openpty failed");
    tcgetattr(slave, &tio);
    cfmakeraw(&tio); /* binary frames pass untouched */
    tcsetattr(slave, TCSANOW, &tio);
    close(slave);
    fcntl(pty_master, F_SETFL, fcntl(pty_master, F_GETFL) | O_NONBLOCK);
}

/* The master reports a hangup while no client has the pty open. */
static int pty_client_present(int timeout_ms)
{
    struct pollfd fd = {.fd = pty_master, .events = 0};
    return poll(&fd, 1, timeout_ms) == 0 || !(fd.revents & POLLHUP);
}

/* Like an Uno, which resets when its port is opened (DTR), the box boots
 * once a client has opened the pty, after a pause standing in for the
 * bootloader: the client's open flushes its input, and must not flush the
 * boot HELLO away. Control input waits, but its end still ends us. */
static void wait_for_client(void)
{
    struct pollfd control = {.fd = 0, .events = 0};
    while (!pty_client_present(10)) {
        if (poll(&control, 1, 0) > 0 && (control.revents & POLLHUP))
            exit(0);
    }
    usleep(BOOTLOADER_US);
}

static void connect_uart(void)
{
    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart_out_hook, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                            uart_xon_hook, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                            uart_xoff_hook, NULL);
}

static void step(void)
{
    int state = avr_run(avr);
    if (state == cpu_Done || state == cpu_Crashed)
        die("the firmware stopped or crashed");
}

/* Pacing is ours: a sleeping core must not usleep inside avr_run. */
static void no_sleep(avr_t *a, avr_cycle_count_t how_long)
{
}

/* Runs the core in slices of SLICE_CYCLES: a slice starts whenever the
 * simulation is not ahead of the wall clock, so it leads by at most one
 * slice, and catches up at full speed if the host was too busy. Presses and
 * received bytes stop a slice at their cycle. */
static void run_forever(void)
{
    struct pollfd fds[2] = {{.fd = 0, .events = POLLIN}, {.fd = pty_master, .events = POLLIN}};
    for (;;) {
        avr_cycle_count_t wall = paced_cycle();
        /* Without a client the master would report a hangup at every poll. */
        fds[1].fd = pty_client_present(0) ? pty_master : -1;
        fds[0].revents = fds[1].revents = 0;
        if (avr->cycle <= wall) {
            int64_t lag = (int64_t)(wall - avr->cycle) / CYCLES_PER_US;
            if (lag > max_lag_us)
                max_lag_us = lag;
            avr_cycle_count_t target = avr->cycle + SLICE_CYCLES;
            while (avr->cycle < target) {
                run_due_actions();
                feed_uart();
                avr_cycle_count_t stop = target;
                const timed_byte_t *next = uart_xon ? queue_first(&rx) : NULL;
                if (n_actions && actions[0].cycle < stop)
                    stop = actions[0].cycle;
                if (next && next->cycle > avr->cycle && next->cycle < stop)
                    stop = next->cycle;
                while (avr->cycle < stop)
                    step();
            }
            poll(fds, 2, 0);
        } else {
            /* Ahead of the wall clock: wait for it (or for the next byte
             * due out), or for input. */
            avr_cycle_count_t until = avr->cycle;
            const timed_byte_t *out = queue_first(&tx);
            if (out && out->cycle < until)
                until = out->cycle;
            long wait_ns = until > wall ? (long)((double)(until - wall) / cycles_per_ns) : 0;
            struct timespec ts = {0, wait_ns};
            ppoll(fds, 2, &ts, NULL);
        }
        if (fds[0].revents)
            read_control();
        pump_pty();
    }
}

int main(int argc, char **argv)
{
    double ppm = 0;
    long box_id = -1;
    const char *elf = NULL;
    char ptyname[256];
    wb_pin_t held[64];
    int n_held = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--ppm") && i + 1 < argc)
            ppm = atof(argv[++i]);
        else if (!strcmp(argv[i], "--id") && i + 1 < argc)
            box_id = strtol(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--hold") && i + 1 < argc && n_held < 64) {
            int s = -1, b = -1;
            sscanf(argv[++i], "%d:%d", &s, &b);
            const wb_pin_t *pin = button_pin(s, b);
            if (!pin)
                die("--hold needs STATION:BUTTON of an existing button");
            held[n_held++] = *pin;
        } else if (argv[i][0] != '-' && !elf)
            elf = argv[i];
        else {
            fprintf(stderr, "usage: %s [--ppm N] [--id N] [--hold S:B]... firmware.elf\n", argv[0]);
            return 2;
        }
    }
    if (!elf) {
        fprintf(stderr, "usage: %s [--ppm N] [--id N] [--hold S:B]... firmware.elf\n", argv[0]);
        return 2;
    }

    /* Replies get the real stdout; anything simavr prints goes to stderr. */
    ctl = fdopen(dup(1), "w");
    dup2(2, 1);
    fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);

    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(elf, &fw) != 0)
        die("cannot read the firmware ELF");
    strcpy(fw.mmcu, "atmega328p");
    fw.frequency = (uint32_t)F_CPU;
    avr = avr_make_mcu_by_name(fw.mmcu);
    if (!avr)
        die("simavr has no atmega328p");
    avr_init(avr);
    avr_load_firmware(avr, &fw);
    avr->sleep = no_sleep;

    if (box_id >= 0) {
        uint8_t id[2] = {(uint8_t)box_id, (uint8_t)(box_id >> 8)};
        avr_eeprom_desc_t ee = {.ee = id, .offset = 0, .size = 2};
        avr_ioctl(avr, AVR_IOCTL_EEPROM_SET, &ee);
    }

    memset(line_level, 0xFF, sizeof line_level); /* every button released */
    for (int pass = 0; pass < 2; pass++) { /* masks first, then lines */
        for (int s = 0; s < wb_nstations; s++) {
            for (int b = 0; b < BUTTONS_PER_STATION; b++) {
                const wb_pin_t *pin = button_pin(s, b);
                if (pin && pass == 0)
                    button_mask[pin->port - 'A'] |= (uint8_t)(1u << pin->bit);
                else if (pin)
                    set_line(pin->port, pin->bit, 1);
            }
        }
    }
    for (int i = 0; i < n_held; i++)
        set_line(held[i].port, held[i].bit, 0);

    open_pty(ptyname);
    connect_uart();

    fprintf(ctl, "ready %s\n", ptyname);
    fflush(ctl);
    wait_for_client();

    /* Boot until the firmware starts timer 0: that cycle is micros() == 0. */
    while (!avr->data[TCCR0B])
        step();
    clock0 = avr->cycle;

    cycles_per_ns = F_CPU * (1.0 + ppm * 1e-6) / 1e9;
    clock_gettime(CLOCK_MONOTONIC, &wall0);
    cycle0 = avr->cycle;
    run_forever();
}
