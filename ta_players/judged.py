"""Players for TextArena's LLM-judged games (TwentyQuestions, GuessWho, Debate, ScenarioPlanning), and for their
judge: the clem model the game master asks in place of TextArena's OpenRouter agents (a game master answering
questions, the jurors voting). The judge's context is TextArena's own prompt to the agent, so a programmatic judge
is recognised from it like any game.
"""

import re

from ta_players.base import GamePlayers

QUESTIONS = [
    "Is it alive?",
    "Is it bigger than a bread box?",
    "Is it made by people?",
    "Can you eat it?",
    "Is it found indoors?",
    "Is it used every day?",
    "Is it made of metal?",
    "Does it move on its own?",
]


class TwentyQuestions(GamePlayers):
    """Random: a yes-or-no question from a fixed list, and when the questions run out a guess from a fixed list of
    common objects (it reads no word list: a model sees none)."""

    game = "ta_twenty_questions"
    recognizes = re.compile(r"You are playing 20 Questions")
    GUESSES = ["apple", "dog", "car", "chair", "book", "tree", "phone", "house"]

    def random_move(self, transcript, rng):
        if "What is your final guess?" in transcript.last:
            return f"My guess: [{rng.choice(self.GUESSES)}]"
        return rng.choice(QUESTIONS)


class GuessWho(GamePlayers):
    """Random: a question about a trait one of the listed characters has, or now and then a guess of a listed
    name."""

    game = "ta_guess_who"
    recognizes = re.compile(r"You are playing Guess Who\.")
    CHARACTER = re.compile(r"^\d+\. (\w+) is an? ([\w-]+) (\w+) with ([\w-]+) (\w+) hair", re.M)

    def random_move(self, transcript, rng):
        characters = self.CHARACTER.findall(transcript.prompt)
        name, age, gender, style, colour = rng.choice(characters)
        if rng.random() < 0.2:
            return f"Is it [{name}]?"
        return rng.choice(
            [
                f"Is the character {gender}?",
                f"Is the character {age}?",
                f"Does the character have {colour} hair?",
                f"Is the character's hair {style}?",
            ]
        )


class Debate(GamePlayers):
    """Random: a stock argument for its own side of the topic."""

    game = "ta_debate"
    recognizes = re.compile(r"in the Debate game\.\nTopic:")
    ARGUMENTS = [
        "The evidence and the experience of most people support my position.",
        "My opponent's case ignores the costs that fall on ordinary people.",
        "History shows that my position leads to better outcomes in the long run.",
        "The strongest objections to my side have simple, practical answers.",
    ]

    def random_move(self, transcript, rng):
        side = re.search(r"Your position: (\w+)", transcript.prompt).group(1)
        return f"As the {side.lower()} side: {rng.choice(self.ARGUMENTS)}"


class ScenarioPlanning(GamePlayers):
    """Random: a stock survival strategy."""

    game = "ta_scenario_planning"
    recognizes = re.compile(r"in the Scenario Planning game\.")
    STRATEGIES = [
        "Secure water and shelter first, then ration food and signal for help.",
        "Form a group, share the work by skill, and build a defensible camp.",
        "Scout the area, map the dangers, and move to the safest high ground.",
        "Stay put, conserve energy, and keep a fire going day and night.",
    ]

    def random_move(self, transcript, rng):
        return rng.choice(self.STRATEGIES)


class Judge(GamePlayers):
    """The judge: TwentyQuestions' and GuessWho's game master, or a juror of Debate and ScenarioPlanning. Random: one
    of the answers the prompt offers ('Yes', 'No', 'I don't know'; 'Affirmative', 'Negative'; 'Player 0', ...)."""

    game = "judge"
    recognizes = re.compile(r"You are the gamemaster for the game of|You are a fair and impartial juror")

    def random_move(self, transcript, rng):
        # `Options: 'Yes', 'No', 'I don't know'`: an option may hold an apostrophe, so split on the separators
        offered = re.findall(r"Options: '(.*)'", transcript.last)[-1]
        return rng.choice(offered.split("', '"))


GAMES = [TwentyQuestions(), GuessWho(), Debate(), ScenarioPlanning(), Judge()]
