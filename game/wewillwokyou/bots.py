from game.engine.bots import RandomBot

BOTS = {"random": RandomBot}
