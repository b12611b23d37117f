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
outcome-win-fewest = { $player ->
    [black] Black
   *[white] White
} wins with fewer discs, { $winner }–{ $loser }
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
switched-to = Now playing { $rules }, board { $board } (the pasted record's board and rules)

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
        [one] ; plays perfectly once 1 square is empty
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
menu-black = Black
menu-white = White
menu-ai-level = AI level
menu-two-players-note = Both sides play on this device, taking turns.
menu-clock = Clock
menu-no-clock = No clock
menu-clock-minutes = { $minutes } min per player
menu-start = Start
menu-play = Play
menu-back = Back
menu-resume = Resume
menu-online = Play a friend
menu-tournament = Tournament
menu-tournament-round = Tournament (round { $round } of { $rounds })
menu-past-games = Past games
menu-settings = Settings
menu-quit = Quit

## Settings

settings-title = Settings
settings-language = Language
settings-language-system = System language ({ $language })
settings-volume = Volume
settings-mute = Mute
settings-board = Board
settings-view = View
view-3d = 3D
view-flat = Flat, from above
settings-ui = Menu look
ui-dark = Dark
ui-light = Light
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
panel-ai = AI · { $level }
panel-online-friend = Friend (online)
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
panel-hints = Hints
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
over-discs-empties-to-winner = Discs on the board: black { $black }, white { $white }, { $empty ->
    [one] { $empty } empty square
   *[other] { $empty } empty squares
} (to the winner)
over-discs-empties = Discs on the board: black { $black }, white { $white }, { $empty ->
    [one] { $empty } empty square
   *[other] { $empty } empty squares
}
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
notation-bad-board-char = “{ $char }” at character { $at } is not a square (X * x black, O 0 o white, - . empty, # not on the board)
notation-missing-side = the side to move is missing after the squares (X or O)
notation-bad-side = “{ $text }” at character { $at } is not a side to move (X/B/* black, O/W white)
notation-board-size = a board needs n×n squares (16, 36, 49, 64, 100, 144, 196 or 256), this one has { $squares }
ggf-no-game = GGF: no “(;” opens a game
ggf-not-closed = GGF, character { $at }: the game is not closed by “;)”
ggf-expected-property = GGF, character { $at }: expected a property name, found “{ $char }”
ggf-no-value = GGF, character { $at }: property { $property } has no “[value]”
ggf-value-not-closed = GGF, character { $at }: property { $property } is not closed by “]”
ggf-not-othello = GGF, character { $at }: the game type GM[{ $value }] is not Othello
ggf-type-two-sizes = GGF, character { $at }: the board type TY[{ $value }] has two sizes
ggf-type-letter = GGF, character { $at }: the board type TY[{ $value }] has an unknown letter “{ $letter }”
ggf-type-no-size = GGF, character { $at }: the board type TY[{ $value }] has no size
ggf-type-size = GGF, character { $at }: the board type TY[{ $value }] is not a board of this game (4, 6, 7, 8, 10, 12, 14, 16)
ggf-unknown-rules = GGF, character { $at }: RR[{ $value }] is neither classic nor othello
ggf-variant = GGF, character { $at }: { $reason }
ggf-after-first-move = GGF, character { $at }: { $property }[…] comes after the first move
ggf-wrong-turn = GGF, character { $at }: { $property }[{ $value }], but it is { $player ->
    [black] Black's
   *[white] White's
} turn
ggf-board-size-missing = GGF, character { $at }: BO[…] does not start with the board size { $size }
ggf-board-squares = GGF, character { $at }: BO[…] holds { $squares ->
    [one] 1 square
   *[other] { $squares } squares
}, not the { $cells } of its { $size }×{ $size } board

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
editor-off = Off the board
editor-all-on = All squares on
editor-bad-shape = Cannot play on this shape: { $why }.

## Analysis

analysis-title = Analysis
analysis-run = Analyse game
analysis-progress = { $done } of { $total ->
    [one] { $total } move
   *[other] { $total } moves
}
analysis-done = { $total ->
    [one] { $total } move analysed
   *[other] { $total } moves analysed
} (depth { $depth }, exact from { $empties } empty squares)
analysis-depth = Depth
analysis-depth-quick = Quick
analysis-depth-normal = Normal
analysis-depth-deep = Deep
analysis-left-book = Left the opening book at move { $number } ({ $square }).
analysis-black-ahead = black ahead
analysis-white-ahead = white ahead
analysis-mistakes = Mistakes (discs lost against the best move)
analysis-line = The engine's line from here: { $moves }
what-if-hint = Play another move on the board to see what it would have given; the game stays as it was.
what-if-title = Another line from move { $number }
what-if-move = { $number }. { $square } ({ $player ->
    [black] black
   *[white] white
}): { $loss ->
    [0] the best move, { $value }
   *[other] { $value }, { $loss } below the best, { $best }
}
what-if-scoring = scoring…
what-if-back = Back to the game
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] black
   *[white] white
}) −{ $loss }, best { $best }
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

## Learn to play: the lesson list, the lesson panel and what a try shows

menu-learn = Learn to play ({ $done }/{ $total })
menu-win = Learn to win ({ $done }/{ $total })
lessons-title = Lessons
course-play = Learn to play
course-win = Learn to win
lessons-progress = { $done } of { $total } lessons done
lessons-open = Start
lessons-again = Again
lessons-close = Close
lesson-heading = { $course } · lesson { $number } of { $total }
lesson-step = Step { $step } of { $steps }
lesson-complete = Lesson complete!
lesson-next = Next lesson
lesson-hint = Hint
lesson-restart = Start again
lesson-skip = Skip
lesson-all = All lessons
lesson-to-menu = Main menu
lesson-play-first-game = Play your first game
lesson-found = { $square }: right! ({ $found } of { $total })
lesson-found-move = { $square } is legal: it outflanks. ({ $found } of { $total })
lesson-already-found = You have found { $square } already.
lesson-not-this-square = That is { $square }: column { $column }, row { $row }.
lesson-why-occupied = { $square } is taken: a disc already stands there, and discs are never moved or removed.
lesson-why-no-neighbour = { $square } touches no { $opponent ->
    [black] black
   *[white] white
} disc, so there is nothing to outflank.
lesson-why-no-anchor = From { $square }, every line through { $opponent ->
    [black] black
   *[white] white
} discs (red) runs into an empty square or the edge before it reaches a { $player ->
    [black] black
   *[white] white
} disc: nothing is outflanked, so the move is not legal.
lesson-why-off-centre = In classic Reversi the first four discs go on the four centre squares; { $square } is not one of them.
lesson-not-this-move = { $square } is a legal move (its green lines outflank), but not the one this task asks for.
lesson-marked = { $count ->
    [one] One disc marked.
   *[other] { $count } discs marked.
} When you are ready, click { $square } to play it.
lesson-predict-wrong = Not quite. The green lines outflank: their discs turn.
# Said after it only when the board shows a red line.
lesson-predict-red = A red line ends without a disc of the mover's colour: nothing on it turns.
lesson-predict-missed = { $count ->
    [one] This one turns too (orange ring)
   *[other] These turn too (orange rings)
}: { $squares }
lesson-predict-wrongly = { $count ->
    [one] This one stays as it is (red cross)
   *[other] These stay as they are (red crosses)
}: { $squares }
lesson-hint-squares = Hint: the blue rings show where to click.
lesson-hint-lines = Hint: the green lines from { $square } show every disc that turns.
lesson-hint-score = Hint: count both colours, then give the empty squares to the side with more discs.

lesson-1-title = The board and the start
lesson-1-intro = Othello is played on a board of 8×8 squares. The columns are a to h from left to right and the rows 1 to 8 from top to bottom, so every square has a name, such as d4. The game starts with four discs in the centre: White on d4 and e5, Black on d5 and e4. Black always moves first.
lesson-1-1 = Click the two white discs.
lesson-1-1-done = Right: White starts on d4 and e5, Black on d5 and e4.
lesson-1-2 = Now click the empty square f3.
lesson-1-2-done = Right: column f, row 3. With these names a whole game can be written down as a list of moves.
lesson-2-title = A move must outflank
lesson-2-intro = On your turn you place one disc of your colour on an empty square so that it outflanks: in a straight line (across, up and down, or diagonally) the new disc and one you already have enclose one or more of your opponent's discs, with no empty square between them.
lesson-2-1 = Black to move: find all four legal moves.
lesson-2-1-done = Right: c4, d3, e6 and f5. Each outflanks one white disc; no other square outflanks anything.
lesson-3-title = Flipping
lesson-3-intro = Every disc you outflank is turned over to your colour. Then it is your opponent's turn, under the same rule.
lesson-3-1 = Play d3 for Black and watch d4 turn.
lesson-3-1-done = d4 lay between d3 and d5, so it turned black.
lesson-3-2 = Now White is to move: find White's three legal moves.
lesson-3-2-done = Right: c3, e3 and c5. Each outflanks one black disc against a white one.
lesson-4-title = Every direction at once
lesson-4-intro = A move turns the discs it outflanks in every direction at the same time: across, up and down and along both diagonals. Nobody may choose: all of them turn.
lesson-4-1 = Black will play f6. Click each white disc you think will turn, then click f6.
lesson-4-1-done = Ten discs in six directions: b6, c6, d6 and e6; e5 and d4; f5; g5; f7; e7.
lesson-5-title = Only the discs in line
lesson-5-intro = Only discs in a straight line with the new disc turn, and only up to the nearest disc of the mover's colour in that line. Discs beyond it, or not in line with the new disc, stay as they are.
lesson-5-1 = Black will play g4. Click each white disc you think will turn, then click g4.
lesson-5-1-done = e4, f4 and f5 turn. c4 lies beyond Black's d4 and d7 beyond e6, so they stay; e5 ends up between black discs but is not in line with g4, so it stays white.
lesson-6-title = Flipped discs flip nothing
lesson-6-intro = Discs that turn never make other discs turn in the same move: only the disc just placed outflanks.
lesson-6-1 = White will play d3. Click each black disc you think will turn, then click d3.
lesson-6-1-done = d4, d5 and e4 turn. e5 is then surrounded by white discs, yet it stays black: d3 does not outflank it, and turned discs outflank nothing.
lesson-7-title = Passing
lesson-7-intro = A player with no legal move passes, and the opponent moves again. That happens by itself. Nobody may pass while they have a legal move, even a bad one.
lesson-7-1 = Black to move: play any legal move.
lesson-7-1-done = White has no legal move now, so White passes and Black moves again.
lesson-7-2 = Black again: play a legal move.
lesson-7-2-done = Now neither side can move: the game is over with one square still empty.
lesson-8-title = The end of the game
lesson-8-intro = The game ends when neither side can move. Usually the board is full by then, but a game can end early, for example when one side has no discs left.
lesson-8-1 = White to move: play d3 or e3.
lesson-8-1-done = Black has a single disc left.
lesson-8-2 = Black to move: play any legal move.
lesson-8-2-done = Whatever Black plays, White can now outflank every black disc at once.
lesson-8-3 = White to move: find the move that ends the game.
lesson-8-3-not = { $square } is legal, but after it Black could still move. Look for the move that turns every black disc.
lesson-8-3-done = Black has no discs left, so neither side can move: the game is over with most of the board empty. White wins 64–0.
lesson-9-title = Counting
lesson-9-intro = When the game is over, count the discs: most discs wins, and 32–32 is a draw. Empty squares count for the winner. In a game with clocks, a player whose time runs out loses, whatever the board shows.
lesson-9-1 = Neither side can move. What is the final score, Black–White?
lesson-9-1-not = Not { $score }: count again, and remember that the empty square goes to the winner.
lesson-9-1-done = 41–23: Black has 40 discs and White 23, and the empty square goes to the winner, Black.
lesson-10-title = A first strategy
lesson-10-intro = The corners a1, h1, a8 and h8 can never be outflanked: a disc there stays. The diagonal neighbours of the corners are the X-squares, their neighbours along the edges the C-squares; playing there early often hands the corner to your opponent. And more discs early on is not better: strong players keep few discs and many possible moves until late in the game.
lesson-10-1 = Click the four X-squares.
lesson-10-1-done = b2, g2, b7 and g7: each lies diagonally next to a corner.
lesson-10-2 = Black to move: take the corner.
lesson-10-2-not = { $square } is legal, but the corner a1 is the better move: a disc in a corner can never be turned.
lesson-10-2-done = a1 is Black's for good, and it turned White's discs on the X-square b2 and on c3.
lesson-11-title = Other ways to play
lesson-11-intro = The rule books name variants: classic Reversi starts with an empty board, in Anti-reversi the fewest discs win, and the game is also played on 6×6, 7×7 and 10×10 boards and on boards of other shapes. The main menu offers them all.
lesson-11-1 = Classic Reversi: the first four discs go on the four centre squares, one at a time, Black first. Place all four.
lesson-11-1-done = From the fifth disc on, the usual rules apply: every move must outflank.
lesson-11-2 = Anti-reversi: the fewest discs win. Play the move that turns the fewest discs.
lesson-11-2-not = { $square } is legal, but another move turns fewer discs.
lesson-11-2-done = c6 turns a single disc. In Anti-reversi, turning few discs is usually good.
lesson-11-3 = 6×6: the same rules on a smaller board. Find Black's four first moves.
lesson-11-3-done = Right: b3, c2, d5 and e4.
lesson-11-4 = 10×10: a bigger board, the same rules. Play a first move.
lesson-11-4-done = You choose the board and the rules in the main menu.
lesson-11-5 = Annexation (1870), the game's ancestor, was played on a cross: the 10×10 board without its four corners of 3×3 squares. A line stops where a square is missing, as at the edge of the board. Find all of Black's moves.
lesson-11-5-done = Right: b4, c5 and c6. On a square board c3 would outflank d4 and e5, but c3 is not part of the cross. The menu offers the cross and the octagon beside the sizes.
lesson-12-title = Play your first game
lesson-12-intro = You know every rule. Play a game against the gentlest level, Beginner, with the legal moves marked on the board.
lesson-12-1 = Ready? You play Black.
lesson-12-1-done = The lesson counts as done when the game ends.

## Learn to win: strategy, each claim checked by the engine

lesson-13-title = Mobility
lesson-13-intro = Strong players count moves, not discs. The side with more moves to choose from can wait for a good one; the side with few must soon play a bad one. Grabbing discs often hands the opponent new moves, so aim to leave your opponent as few replies as you can.
lesson-13-1 = Black to move, with ten moves. Play the one that leaves White the fewest replies.
lesson-13-1-not = { $square } leaves White more replies. Count White's moves after each of yours.
lesson-13-1-done = c7 leaves White 11 replies; every other move leaves 13 or more. The engine agrees: searched 12 moves deep, c7 is Black's best move.
lesson-14-title = Frontier and quiet moves
lesson-14-intro = A disc next to an empty square is a frontier disc: it gives your opponent something to outflank and a square to move to. A quiet move turns only discs that are already surrounded, so it opens nothing new for the opponent.
lesson-14-1 = Black to move. Find the quiet move: the only one that turns no disc next to an empty square.
lesson-14-1-not = { $square } turns a disc next to an empty square: a new frontier disc for White to use.
lesson-14-1-done = e8 turns only inner discs. Searched 12 moves deep, it is Black's best move by more than two discs.
lesson-15-title = Parity
lesson-15-intro = Near the end the empty squares fall into regions. The last move in a region is worth most: nobody can reply there, so its discs stay. In a region with an odd number of squares the side that moves there first usually also moves last. Play first in the odd regions, and leave the even ones for later.
lesson-15-1 = White to move. The nine empty squares make four regions: four in the corner a1, two at f1 and g1, two at a8 and b8, and h7 alone. Play in the odd region.
lesson-15-1-not = { $square } is in an even region: playing there first hands Black the last move in it.
lesson-15-1-done = h7 wins by 10 discs with best play on both sides; every other move loses. The exact solver proves it.
lesson-16-title = The three openings
lesson-16-intro = After Black's first move White has three replies, and each has a name. After f5: d6 is the perpendicular opening, f6 the diagonal and f4 the parallel. Strong players nearly always choose the perpendicular or the diagonal; the parallel gives Black an easy game.
lesson-16-1 = Black opened with f5. Play the perpendicular opening for White.
lesson-16-1-not = { $square } is a legal reply, but not the perpendicular one: that is d6.
lesson-16-1-done = d6, the perpendicular opening. Searched 12 moves deep, it is White's best reply, the diagonal f6 comes next and the parallel f4 is the weakest.
lesson-17-title = Stable discs
lesson-17-intro = A stable disc can never be turned again, whatever both sides play. A corner is stable, and so is an unbroken line of your discs along an edge that starts at a corner you hold. Stable discs are yours for good: they count at the end.
lesson-17-1 = Black to move. Click every black disc that can never be turned.
lesson-17-1-not = { $square } can still be turned by some line of play.
lesson-17-1-done = h1 to h6: the corner h1 and the unbroken edge running down from it. Every other black disc can still be turned: the program played out every possible continuation to check it.
lesson-18-title = Walls: fewer discs, more moves
lesson-18-intro = Taking many discs in the middle game usually builds a wall: a long line of your discs next to empty squares. A wall hands your opponent moves all along it and leaves you few of your own. White has built one here. Strong players often turn a single disc.
lesson-18-1 = Black to move. d2 would turn five discs. Find the best move instead: it turns just one.
lesson-18-1-not = { $square } is not the best move here. Look for a move that turns one disc and adds no new frontier.
lesson-18-1-done = d7 turns one disc, and searched 12 moves deep it is more than five discs better than any other move. d2, which turns five, is more than eight discs worse than d7: it would build Black's own wall.
lesson-19-title = Corners and X-squares revisited
lesson-19-intro = An X-square (b2, g2, b7, g7) is dangerous while its corner is empty: a disc there can hand the corner to your opponent. Once you hold that corner yourself, the X-square is just another square, and often a good one.
lesson-19-1 = White to move, and White holds the corner a1. Find White's best move.
lesson-19-1-not = { $square } is not White's best move. Which X-square can White take without risk?
lesson-19-1-done = b2: with the corner a1 White's, the X-square cannot give it away. Searched 12 moves deep, b2 is White's best move by more than five discs.
lesson-20-title = A first endgame
lesson-20-intro = With few empty squares left you can count to the end: try each move, find the opponent's best reply, and count the discs. The solver does exactly that, for every move. Here you follow its line to the last square.
lesson-20-1 = Black to move, four empty squares. Only one move wins: play it.
lesson-20-1-not = { $square } loses with best play. Count what White can take back in reply.
lesson-20-1-done = a1, the corner: the only winning move.
lesson-20-best-not = { $square } is not the best move here: with best play it ends worse for the side that plays it.
lesson-20-2 = Now play White's best reply.
lesson-20-2-done = b1: White's best.
lesson-20-3 = Black again: play the best move.
lesson-20-3-done = h1, the other corner.
lesson-20-4 = White plays the last square.
lesson-20-4-done = The board is full.
lesson-20-5 = What is the final score?
lesson-20-5-not = Not { $score }: count both colours again.
lesson-20-5-done = 34–30: Black wins by four, exactly the score the solver gave a1 at the start.
lesson-21-title = Edges: the wedge
lesson-21-intro = An edge is strong while it holds together. A single empty square between two of your opponent's edge discs is a gap: a disc wedged into it cannot be taken back along the edge, splits that edge in two, and often opens the way to a corner.
lesson-21-1 = White to move. Find the wedge: an empty edge square between two black discs. Here it is White's best move.
lesson-21-1-not = { $square } is not the wedge. Look along the edges for one empty square between two black discs.
lesson-21-1-done = a5 splits Black's edge, and Black cannot take it back along the edge. Searched 12 moves deep it is White's best move by more than ten discs.
lesson-22-title = Tempo and waiting moves
lesson-22-intro = Late in the game both sides run short of safe moves, and whoever runs out first must give something away: a corner, an edge, the last move. A waiting move is a safe move that changes little: it turns few discs, gives your opponent nothing new and passes the turn back. Spend one, and your opponent has to make the bad move instead of you.
lesson-22-1 = Black to move, eight moves and no corner among them. Find the waiting move: it turns only two discs, and after it every move White has gives Black a corner.
lesson-22-1-not = { $square } is not the waiting move. Look for a move that turns few discs and leaves White only bad moves.
lesson-22-1-done = b3 turns just two discs, and every move White has now hands Black a corner. a4 leaves White as badly off, but turns six discs. Searched 12 moves deep, b3 is Black's best move by nearly eight discs.
lesson-23-title = Reading the hints and the analysis
lesson-23-intro = With hints on, the board shows a number on every legal move: the final disc difference the engine expects for the side to move after that move, with best play from both sides. +4 means winning by about four discs, −4 losing by four; the higher, the better. A whole, underlined number is exact: the solver has counted to the end. After a game, the analysis under the board draws the game as a graph, move by move: above the middle line Black is ahead, below it White, and an orange cross marks a mistake, a move that lost three discs or more against the best one.
lesson-23-1 = White to move. The numbers on the board are the engine's hints. c8 turns the most discs: look at its number. Play the move with the highest number.
lesson-23-1-not = { $square } does not have the highest number. Compare the numbers: the highest is the best move.
lesson-23-1-done = f3: the highest number, about even. c8, which turns five discs, has the lowest: it hands Black the moves and the corners.
lesson-23-2 = Under the board is the analysis of a game { $player ->
    [black] Black
   *[white] White
} lost. The orange cross at move { $number } is { $player ->
    [black] Black's
   *[white] White's
} costliest move: { $square } lost about { $loss ->
    [one] 1 disc
   *[other] { $loss } discs
}. The board is back just before it. Find the better move.
lesson-23-2-done = That is the move the analysis found. The graph shows where a game turned; the board shows what should have been played there.
lesson-24-title = Review a game you lost
lesson-24-intro = Every game you lose to the computer is kept. The quickest way to improve is to find the one move that cost you the most and see what you should have played. This lesson opens your newest lost game, analyses it, and puts the board back before your costliest move.
lesson-24-1 = This is your game, analysed under the board. The orange cross at move { $number } is your costliest move: { $square } lost about { $loss ->
    [one] 1 disc
   *[other] { $loss } discs
}. Find the move you should have played.
lesson-24-1-done = That is the move the analysis found. Open Past games and Analyse game after each game you lose: the largest cross is the lesson.
lesson-review-not = { $square } is not the move the analysis found. Compare with the moves around it on the board: which one keeps your position?
lesson-review-analysing = The game is being analysed…
lesson-review-example = You have not lost a game to the computer yet, so here is one { $player ->
    [black] Black
   *[white] White
} lost, analysed under the board. The orange cross at move { $number } is its costliest move: { $square } lost about { $loss ->
    [one] 1 disc
   *[other] { $loss } discs
}. The board is back just before it. Find the better move.

## Play a friend (online)

online-title = Play a friend
online-server = Server
online-name = Your name
online-create-heading = Create a room
online-colour = Your colour
online-colour-random = Random
online-clock = Clock
online-clock-none = None
online-clock-minutes = { $minutes } min
online-board = Board: { $board } (as chosen in the menu)
online-create = Create a room
online-join-heading = Join a room
online-code = Code or link
online-join = Join
online-room = Room { $code }
online-copy-link = Copy the link
online-you = { $name } (you)
online-connecting = Connecting to the server…
online-reconnecting = Connection lost: reconnecting…
online-waiting-friend = Waiting for your friend: give them the room code or the link.
online-your-move = Your move
online-waiting-return = Waiting for { $name } to reconnect: { $seconds } s before the game is adjudicated
online-over-resigned = { $player ->
    [black] Black
   *[white] White
} wins: the opponent resigned
online-over-time = { $player ->
    [black] Black
   *[white] White
} wins on time
online-over-abandoned = { $player ->
    [black] Black
   *[white] White
} wins: the opponent did not come back
online-take-back-asked = { $name } asks to take back their last move
online-accept = Accept
online-refuse = Refuse
online-take-back-waiting = Waiting for an answer to your take-back request
online-resign = Resign
online-take-back = Ask to take back
online-rematch = Rematch (colours swapped)
online-rematch-offered = { $name } offers a rematch
online-rematch-waiting = Rematch offered: waiting for { $name }
online-leave = Leave the room
online-public = List it among the open rooms
online-open-rooms = Open rooms
online-refresh = Refresh
online-open-rooms-none = No open room is waiting: create one.
online-open-rooms-failed = The server did not answer.
online-you-play = { $player ->
    [black] You play Black
   *[white] You play White
}
online-clock-increment = { $minutes } min + { $seconds } s
online-watch = Watch
online-watching = You are watching this game.
online-watching-instead = Both seats are taken: you are watching this game.
online-waiting-second = Waiting for a second player
online-onlookers = { $count ->
    [one] One person is watching
   *[other] { $count } people are watching
}
online-failed-unknown-room = No open room has that code.
online-failed-room-full = That room already has two players.
online-failed-version = The server runs another version of the game.
online-failed-bad-room = The server does not accept that room (its board, clock or name).
online-failed-too-many = Too many rooms are open from this address.
online-failed-replaced = This seat was taken over from another window or device.
online-failed-bad-token = The seat could not be taken back.
online-refused-storage = The server could not save that: try again.

## Past games: the games played to their end

past-title = Past games
past-none = No game has been played to its end yet. Every finished game, against the AI, on one device or online, is kept here.
past-count = { $count ->
    [one] One finished game, the newest first.
   *[other] { $count } finished games, the newest first.
}
past-file = Kept in { $path } (a GGF file that other Othello programs read too).
past-rating = { $count ->
    [one] Your rating against the AI's levels: { $rating } ± { $error }, from one game on the 8×8 board (95 % interval).
   *[other] Your rating against the AI's levels: { $rating } ± { $error }, from { $count } games on the 8×8 board (95 % interval).
}
past-rating-none = Play the AI on the 8×8 board for a rating against its levels.
past-rating-scale = Each level's rating comes from games between the levels: Beginner { $beginner }, Maximum { $maximum }.
past-not-written = The games could not be written: { $error }
past-players = { $black } – { $white }
# When a game ended, in UTC: the day as 2026-11-26, the time as 09:31.
past-when = { $day } { $time }
past-unfinished = Not finished
past-open = Open
past-open-online = Leave the online game first.
past-copy = GGF
past-copy-hint = Copy this game as a GGF record.
past-copy-all = Copy every game (GGF)
past-close = Close
tournament-title = Tournament
tournament-not-kept = The tournament could not be kept or read: { $error }
tournament-intro = People at this device and the AI's levels play each other in a round robin or a Swiss tournament, scored as in tournament play: a win is a point, a draw half a point, and players level on points are split by the Brightwell quotient, then by their discs.
tournament-board = Board: { $board }, { $rules } (as chosen in the main menu).
tournament-players = { $count ->
    [0] No players yet: add two or more.
    [one] One player: add one more at least.
   *[other] { $count } players
}
tournament-remove = Take out of the tournament
tournament-name-hint = A player's name
tournament-add-person = Add this player
tournament-add-level = Add this AI level
tournament-round-robin = Round robin
tournament-swiss = Swiss
tournament-rounds-label = { $count ->
    [one] round
   *[other] rounds
}
tournament-round-robin-about = Everyone plays everyone once; with an odd number of players, one rests each round.
tournament-swiss-about = Each round pairs players on the same score who have not met yet; with an odd number of players, one has a bye, which counts as a win.
tournament-need-players = A tournament takes from 2 to { $most } players.
tournament-same-name = Two players are called { $name }: give each a name of their own.
tournament-no-name = Every player needs a name.
tournament-too-many-rounds = That is more rounds than the players can play without meeting twice.
tournament-round = Round { $round } of { $rounds }
tournament-being-played = Being played
tournament-play = Play
tournament-rests = { $player } rests this round.
tournament-bye = { $player } has a bye this round, which counts as a win.
tournament-over = { $count ->
    [one] The tournament is over: { $winner } wins it.
   *[other] The tournament is over: { $winner } share first place.
}
tournament-crosstable = Crosstable
tournament-tie-breaks = Points (a win 1, a draw ½), then the Brightwell quotient, BQ (the player's discs plus 6 × the opponents' points), then the discs, then the games between the players still level.
tournament-place = Place
tournament-player = Player
tournament-points = Points
tournament-games = Games
tournament-discs = Discs
tournament-bq = BQ
tournament-start = Start the tournament
tournament-copy-standings = Copy the standings
tournament-copy-games = Copy the games (GGF)
tournament-end = End the tournament
tournament-end-sure = End it? Click once more
tournament-recorded = Recorded for the tournament: { $black }–{ $white }.
tournament-back = Back to the tournament

## Board shapes
shape-name = { $shape ->
    [cross] Cross
    [octagon] Octagon
    [drawn] Drawn
   *[square] Square
}
board-name = { $shape ->
    [cross] Cross
    [octagon] Octagon
    [drawn] { $size }×{ $size }, drawn
   *[square] { $size }×{ $size }
}
shape-error-unknown = “{ $text }” is not a shape (square, cross, octagon, or the squares that are off, separated by commas: a1,h8)
shape-error-named-size = the { $shape ->
    [cross] cross
   *[octagon] octagon
} is cut from a 10×10 board, not a { $size }×{ $size } one
shape-error-off-square = { $square } is not a square of a { $size }×{ $size } board
shape-error-no-centre = { $square } is a centre square, where the first four discs go: it cannot be off the board
shape-error-disconnected = { $square } is cut off from the rest of the board: every square must join the centre through neighbouring squares
shape-error-picture-size = a picture of a board needs n×n squares (16, 36, 49, 64, 100, 144, 196 or 256), this one has { $squares }

## Endgame puzzles

menu-puzzles = Puzzles ({ $solved }/{ $total })
puzzles-title = Endgame puzzles
puzzles-progress = { $solved } of { $total } puzzles solved. Each comes from a real game, and the solver has proved every move.
puzzles-daily = Puzzle of the day: No. { $number } ({ $grade }, { $empties ->
    [one] 1 empty square
   *[other] { $empties } empty squares
})
puzzles-easy = Easy
puzzles-medium = Medium
puzzles-hard = Hard
puzzles-grade = { $grade }: { $solved } of { $total } solved
puzzles-about = { $empties ->
    [one] 1 empty square
   *[other] { $empties } empty squares
}; { $wrong } of { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} { $wrong ->
    [one] falls short
   *[other] fall short
}
puzzles-close = Close
puzzle-heading = Puzzle { $number } of { $total }
puzzle-about = { $grade } · { $empties ->
    [one] 1 empty square
   *[other] { $empties } empty squares
}
puzzle-of-the-day = puzzle of the day
puzzle-task-win = { $side } to move. Only one move wins: find it.
puzzle-task-draw = { $side } to move. No move wins, and only one draws: find it.
puzzle-task-best = { $side } to move. One move is better than all the others: find it.
puzzle-task-score = Then give the final score with best play on both sides.
puzzle-result = { $outcome ->
    [win] wins
    [draw] draws
   *[loss] loses
} { $black }–{ $white } (Black–White) with best play
puzzle-not-legal = { $square } is not a legal move here.
puzzle-short = { $square } { $result }. Look for a better move.
puzzle-right-move = { $square } is the move! Now the final score with best play on both sides:
puzzle-wrong-score = Not { $black }–{ $white }. Count again: the empty squares go to the winner.
puzzle-solved = Solved: { $square } { $result }. The number on each square is that move's result for { $side }, in discs.
puzzle-hint-regions = Hint: the empty squares form { $number ->
    [one] one region
   *[other] regions of { $regions } squares
}. The move is in the blue region, of { $count ->
    [one] 1 square
   *[other] { $count } squares
}. Who gets the last move in each region?
puzzle-next = Next puzzle
puzzle-hint = Hint
puzzle-restart = Start again
puzzle-skip = Skip
puzzle-all = All puzzles
puzzle-to-menu = Main menu

## The openings explorer (the side panel) and opening practice.
explorer-title = Openings explorer
explorer-book-moves = Book moves, in discs for { $player ->
    [black] Black
   *[white] White
} with best play:
explorer-left-out = Best move outside the book: { $value }
explorer-not-in-book = The opening book does not know this position.
explorer-lines = Named lines from here:
explorer-line = { $name }: { $square } next ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
} in all)
explorer-more = …and { $count } more
explorer-no-line = No named line goes on from here.
explorer-legend = Click a move to play it. With hints on, the board frames the book's moves in gold with their book values.
menu-practice = Opening practice ({ $learned }/{ $total })
practice-title = Opening practice
practice-intro = Play an opening against the opening book. The computer answers with the line's own moves, then with the book's; the book judges each of your moves. A line played to its end without a mistake is learned.
practice-colour = You play:
practice-any = Any book line
practice-any-about = The computer picks among the book's best moves; the line ends where the book does.
practice-progress = Openings learned: { $learned } of { $total }
practice-learned = learned
practice-close = Close
practice-as = { $line } · you play { $player ->
    [black] Black
   *[white] White
}
practice-your-move = Your move: play the line.
practice-waiting = The computer answers from the book…
practice-best = { $square }: the book's best move ({ $value }).
practice-fine = { $square } is fine: { $loss } { $loss ->
    [one] disc
   *[other] discs
} below the book's best, { $best }.
practice-mistake = { $square } is a mistake of { $loss } { $loss ->
    [one] disc
   *[other] discs
}: the book's better move was { $best } ({ $value }).
practice-unknown = { $square }: past the end of the book, not judged.
practice-line-move = { $line }: the line goes on with { $square }.
practice-done-learned = Line complete without a mistake. Opening learned: { $line }!
practice-done-mistakes = Line complete with { $mistakes } { $mistakes ->
    [one] mistake
   *[other] mistakes
}. Play it again without one to learn it.
practice-again = Play the line again
practice-other = Another opening
practice-to-menu = Main menu
## The three basic openings, in each language's words; the catalogue's names (Tiger, Rose, Buffalo…) are written alike everywhere.
opening-name-perpendicular = Perpendicular
opening-name-parallel = Parallel
opening-name-diagonal = Diagonal

## The game database: the WTHOR tournament games the player adds (Settings, the main menu, the explorer).
menu-database = Game database
settings-database = { $count ->
    [one] Game database: one tournament game
   *[other] Game database: { $count } tournament games
}
settings-database-none = Game database: no games yet
settings-database-open = Open…
db-title = Game database
db-none = No games yet: add the French federation's WTHOR files (WTH_*.wtb with WTHOR.JOU and WTHOR.TRN for the names) below, or with `reversi db add` on the command line.
db-count = { $count ->
    [one] One tournament game, { $from }–{ $to }.
   *[other] { $count } tournament games, { $from }–{ $to }.
}
db-player = Player
db-tournament = Tournament
db-years = Years
db-result = Result
db-result-any = Any
db-result-black = Black won
db-result-white = White won
db-result-draw = Draw
db-here = Only games through the position on the board (turned or mirrored, in any move order)
db-found = { $count ->
    [0] No game found ({ $ms } ms).
    [one] One game found ({ $ms } ms).
   *[other] { $count } games found, the newest { $shown } listed ({ $ms } ms).
}
db-open = Replay
db-open-hint = Open this game on the board at the position searched for (else at its start), with the analysis to step through it.
db-close = Close
db-add-title = Add WTHOR files…
db-add-how = Open the folder that holds the WTHOR files; every WTHOR file in it is added:
db-add-path = a folder, e.g. ~/Downloads/wthor
db-up = Up
db-files-here = { $count ->
    [0] No WTHOR file in this folder.
    [one] One WTHOR file in this folder.
   *[other] { $count } WTHOR files in this folder.
}
db-add = Add
db-add-browser = Choose the WTHOR files (WTH_*.wtb, WTHOR.JOU, WTHOR.TRN): they are read here, and the database made of them is kept in this browser.
db-add-pick = Choose files…
db-adding = Reading file { $done } of { $total }…
db-added = { $added ->
    [0] No game added
    [one] One game added
   *[other] { $added } games added
} ({ $duplicates ->
    [0] none was there already
    [one] one was there already
   *[other] { $duplicates } were there already
}).
db-refused = Refused { $file }: { $reason }
db-rejected = { $count ->
    [one] One damaged game was left out.
   *[other] { $count } damaged games were left out.
}
db-error = The database could not be read or written: { $error }
db-kept = Kept in { $path } (made from your files; never shared).
explorer-db = { $count ->
    [0] No game in the database reaches this position.
    [one] One game in the database reached this position; { $player ->
        [black] Black
       *[white] White
    } chose:
   *[other] { $count } games in the database reached this position; { $player ->
        [black] Black
       *[white] White
    } chose:
}
explorer-db-none = Add tournament games under Settings → Game database to see what players chose here.
explorer-db-players = Strongest players who chose it (Elo from the database's games): { $players }
explorer-db-results = Wins: { $wins } · draws: { $draws } · losses: { $losses }
explorer-col-move = Move
explorer-col-book = Book
explorer-col-games = Games
explorer-col-score = Score
explorer-col-discs = Discs
db-replaying = { $black } – { $white }, { $tournament } { $year } ({ $score })
