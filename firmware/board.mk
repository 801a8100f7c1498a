# arduino-mk settings for the wokbox sketch; run from wokbox/ by the Makefile
# with BOARD_TAG (and BOARD_SUB) and OBJDIR set.
ARDUINO_DIR ?= /usr/share/arduino
ARDMK_DIR ?= /usr/share/arduino
AVR_TOOLS_DIR ?= /usr
ARDUINO_LIBS =
LOCAL_C_SRCS = $(wildcard src/*.c)
# The Arduino core's WString.cpp needs DECIMAL_DIG, which gcc-avr 5.4 lacks.
CPPFLAGS += -DDECIMAL_DIG=17
CFLAGS_STD = -std=gnu11
include $(ARDMK_DIR)/Arduino.mk
