# Reversi, English: every word the game shows a player.
# Each language has the same messages with the same variables (the tests check it). $player is
# "black" or "white"; counts are numbers, so each language picks its own plural forms.

app-name = Reversi
# This language's own name, as the settings list it.
language-name = English
# The decimal separator in numbers such as 1.5.
decimal-separator = .
percent = { $value } %

## Players and results

player = { $player ->
    [black] Black
   *[white] White
}
outcome-win = { $player ->
    [black] Black
   *[white] White
} wins { $winner }–{ $loser }
outcome-draw = Draw { $black }–{ $white }
wins-on-time = { $player ->
    [black] Black
   *[white] White
} wins on time

## Rules

rules-othello = Othello
rules-classic = Classic Reversi
rules-anti = Anti-reversi
rules-classic-anti = Classic anti-reversi
rules-summary-othello = { rules-othello }: four discs to start, most discs wins
rules-summary-classic = { rules-classic }: the first four discs are placed in the centre, most discs wins
rules-summary-anti = { rules-anti }: Othello's moves, fewest discs wins
rules-summary-classic-anti = { rules-classic-anti }: free centre placements, fewest discs wins
variant-error-size = { $size } is not a board size (4, 6, 7, 8, 10, 12, 14 or 16)
variant-error-free-opening = The classic free opening needs a centre of 2×2 squares, which a { $size }×{ $size } board has not
switched-to = Now playing { $size }×{ $size } { $rules } (the pasted record's board and rules)

## Levels

level-beginner = Beginner
level-novice = Novice
level-intermediate = Intermediate
level-advanced = Advanced
level-expert = Expert
level-maximum = Maximum
# What a level does. $selective: "yes" when it searches by time with pruning; $depth: its depth
# otherwise; $endgame: the empties from which it plays perfectly (0: never); $noise: how many discs
# worse than its best its move may be; $limit: "yes" when a depth search also has a time limit;
# $seconds: its time a move; $beginner: "yes" for the first level.
level-description = { $selective ->
        [yes] Searches as deep as { $seconds } s a move allow, pruning what it judges hopeless
       *[no] Looks { $depth ->
            [one] { $depth } move
           *[other] { $depth } moves
        } ahead
    }{ $endgame ->
        [0] {""}
       *[other] ; plays perfectly once { $endgame } squares are empty
    }; { $noise ->
        [0] always plays its best move
        [one] picks any move within { $noise } disc of its best
       *[other] picks any move within { $noise } discs of its best
    }{ $limit ->
        [yes] ; up to { $seconds } s a move
       *[no] {""}
    }.{ $beginner ->
        [yes] {" "}A new player can beat it.
       *[no] {""}
    }

## Main menu

menu-board = Board
menu-more-sizes = More sizes
menu-rules = Rules
menu-game = Game
menu-against-ai = Against the AI
menu-two-players = Two players
menu-ai-vs-ai = Watch AI vs AI
menu-you-play = You play
menu-black-first = Black (first)
menu-ai-level = AI level
menu-two-players-note = Both sides play on this device, taking turns.
menu-clock = Clock
menu-no-clock = No clock
menu-clock-minutes = { $minutes } min per player
menu-start = Start
menu-resume = Resume
menu-settings = Settings
menu-quit = Quit

## Settings

settings-title = Settings
settings-language = Language
settings-language-system = System language ({ $language })
settings-volume = Volume
settings-mute = Mute
settings-board = Board
theme-classic = Classic green
theme-wood = Wood
theme-dark = Dark
theme-high-contrast = High contrast
settings-text-size = Text size
settings-reduce-motion = Reduce motion
settings-reduce-motion-tip = No animations: placed discs appear and turned discs change at once
settings-animation-speed = Animation speed
settings-animation-off = off
settings-animation-factor = { $factor }×
settings-show-legal = Show legal moves
settings-ai-delay = Pause before AI moves (s)
settings-done = Done

## Side panel and board

panel-you = You
panel-human = Human
panel-ai = AI · { $level }
panel-fewest-wins = Fewest discs wins
status-thinking = { $player ->
    [black] Black
   *[white] White
} is thinking…
status-ai-to-move = { $player ->
    [black] Black
   *[white] White
} (AI) to move
status-to-move = { $player ->
    [black] Black
   *[white] White
} to move
panel-free-opening = Free opening: { $player ->
    [black] Black
   *[white] White
} places a disc in the centre
panel-opening = Opening: { $name }
panel-new-game = New game
panel-menu = Menu
panel-record = Record
panel-record-tip = Copy or paste the game
panel-analysis = Analysis
panel-analysis-tip = Evaluation graph and mistakes
panel-undo = ⟲ Undo
panel-undo-tip = Ctrl+Z, Backspace, left shoulder
panel-redo = Redo ⟳
panel-redo-tip = Ctrl+Y, right shoulder
panel-hints = Hints (H)
panel-hints-solved = solved
panel-hints-depth = depth { $depth }
panel-moves = Moves
move-pass = pass
pass-banner = { $player ->
    [black] Black
   *[white] White
} has no move — passes

## Game over

over-title = Game over
over-out-of-time = { $player ->
    [black] Black
   *[white] White
} ran out of time.
over-you-win = You win!
over-ai-wins = The AI wins.
over-draw = A draw.
over-discs = Discs on the board: black { $black }, white { $white }
over-discs-empties-to-winner = Discs on the board: black { $black }, white { $white }, { $empty } empty (to the winner)
over-discs-empties = Discs on the board: black { $black }, white { $white }, { $empty } empty
over-anti = Anti-reversi: fewest discs wins.
over-rematch = Rematch
over-new-game = New game
over-look = Look at the board

## Game record

record-title = Game record
record-transcript = Transcript
record-ggf = GGF
record-board = Board
record-copy = Copy
record-no-moves = (no moves yet)
record-paste-help = Paste a transcript ({ $size }×{ $size }: f5d6c3…), a GGF game of any board, or a board ({ $squares } squares X/O/- or any n×n, and the side to move):
record-load = Load
record-clear = Clear
record-editor = Board editor…
record-nothing = Nothing to load: paste a transcript, a GGF record or a board first.
record-unreadable = Could not read it: { $reason }. The current game is unchanged.

## What is wrong with a pasted record ($at counts characters from 1)

notation-bad-token = “{ $token }” at character { $at } is not a square (a1 … { $last }) or a pass
notation-occupied = move { $number } ({ $square }, character { $at }) is illegal: { $square } is already occupied
notation-no-flips = move { $number } ({ $square }, character { $at }) is illegal: { $square } outflanks no disc
notation-outside-centre = move { $number } ({ $square }, character { $at }) is illegal: { $square } is not a centre square (the first four discs go in the centre)
notation-off-board = move { $number } ({ $square }, character { $at }) is illegal: { $square } is not on the board
notation-game-over = move { $number } ({ $square }, character { $at }) is illegal: the game is over
notation-illegal-pass = move { $number } (character { $at }) is a pass, but the side to move has a legal move
notation-board-short = a board needs 64 squares, this one has { $squares }
notation-bad-board-char = “{ $char }” at character { $at } is not a square (X * x black, O 0 o white, - . empty)
notation-missing-side = the side to move is missing after the squares (X or O)
notation-bad-side = “{ $text }” at character { $at } is not a side to move (X/B/* black, O/W white)
notation-trailing = unexpected “{ $text }” at character { $at } after the board
notation-board-size = a board needs n×n squares (16, 36, 49, 64, 100, 144, 196 or 256), this one has { $squares }
ggf-no-game = GGF: no “(;” opens a game
ggf-not-closed = GGF, character { $at }: the game is not closed by “;)”
ggf-expected-property = GGF, character { $at }: expected a property name, found “{ $char }”
ggf-no-value = GGF, character { $at }: property { $property } has no “[value]”
ggf-value-not-closed = GGF, character { $at }: property { $property } is not closed by “]”
ggf-not-othello = GGF, character { $at }: the game type GM[{ $value }] is not Othello
ggf-not-standard-type = GGF, character { $at }: the board type TY[{ $value }] is not 8×8 Othello
ggf-type-two-sizes = GGF, character { $at }: the board type TY[{ $value }] has two sizes
ggf-type-letter = GGF, character { $at }: the board type TY[{ $value }] has an unknown letter “{ $letter }”
ggf-type-no-size = GGF, character { $at }: the board type TY[{ $value }] has no size
ggf-type-size = GGF, character { $at }: the board type TY[{ $value }] is not a board of this game (4, 6, 7, 8, 10, 12, 14, 16)
ggf-not-othello-start = GGF, character { $at }: RR[{ $value }] is not the Othello start
ggf-unknown-rules = GGF, character { $at }: RR[{ $value }] is neither classic nor othello
ggf-variant = GGF, character { $at }: { $reason }
ggf-after-first-move = GGF, character { $at }: { $property }[…] comes after the first move
ggf-wrong-turn = GGF, character { $at }: { $property }[{ $value }], but it is { $player ->
    [black] Black's
   *[white] White's
} turn
ggf-board-size-missing = GGF, character { $at }: BO[…] does not start with the board size { $size }
ggf-board-squares = GGF, character { $at }: BO[…] holds { $squares } squares, not the { $cells } of its { $size }×{ $size } board

## Board editor

editor-title = Board editor
editor-paint = Paint
editor-empty = Empty
editor-to-move = To move
editor-current = Current position
editor-start = Start position
editor-clear = Clear
editor-counts = { $variant } · Black { $black } · White { $white } · Empty { $empty }
editor-play = Play from here
editor-empty-board = Cannot play from this position: the board is empty. Place some discs first.
editor-game-over = Cannot play from this position: neither side has a legal move here, so the game would already be over.

## Analysis

analysis-title = Analysis
analysis-run = Analyse game
analysis-progress = { $done } of { $total } moves
analysis-done = { $total } moves analysed (depth 8, exact from 14 empties)
analysis-black-ahead = black ahead
analysis-white-ahead = white ahead
analysis-mistakes = Mistakes (discs lost against the best move)
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] black
   *[white] white
}) −{ $loss }
analysis-go-to = Go to the position before this move

## The saved game

save-title = Saved game
save-ok = OK
save-restore-failed = The saved game could not be restored ({ $error }); it was kept as { $path }. A new game starts.
save-restore-failed-kept = The saved game could not be restored ({ $error }); it could not be moved aside, so it is left as it was and this game will not be saved. A new game starts.
save-write-failed = The game could not be saved: { $error }

## The board for screen readers

cell-empty = { $square }, empty
cell-legal = { $square }, empty, legal move
cell-disc = { $square }, { $player ->
    [black] black
   *[white] white
}
said-move = { $player ->
    [black] Black
   *[white] White
} plays { $square } and turns { $count ->
    [one] { $count } disc
   *[other] { $count } discs
}: { $turned }

## The browser's loading screen (web/index.html reads these)

web-board-label = Reversi board
web-loading = Loading…
web-loading-of = Loading… { $mb } of { $total } MB
web-loading-mb = Loading… { $mb } MB
web-starting = Starting…
web-failed = The game could not start: { $error }
