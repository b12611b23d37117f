# Reversi, Nederlands: elk woord dat het spel een speler laat zien.
# De woorden zijn die van de Nederlandse spelregels: stenen, bord, velden, zetten, insluiten, omdraaien, passen.

app-name = Reversi
language-name = Nederlands
decimal-separator = ,
percent = { $value } %

## Spelers en uitslagen

player = { $player ->
    [black] Zwart
   *[white] Wit
}
outcome-win = { $player ->
    [black] Zwart
   *[white] Wit
} wint met { $winner }–{ $loser }
outcome-draw = Gelijkspel { $black }–{ $white }
wins-on-time = { $player ->
    [black] Zwart
   *[white] Wit
} wint op tijd

## Spelregels

rules-othello = Othello
rules-classic = Klassiek Reversi
rules-anti = Anti-reversi
rules-classic-anti = Klassiek anti-reversi
rules-summary-othello = { rules-othello }: vier stenen bij de start, wie de meeste stenen heeft wint
rules-summary-classic = { rules-classic }: de eerste vier stenen worden in het midden gezet, wie de meeste stenen heeft wint
rules-summary-anti = { rules-anti }: de zetten van Othello, wie de minste stenen heeft wint
rules-summary-classic-anti = { rules-classic-anti }: vrij zetten in het midden, wie de minste stenen heeft wint
variant-error-size = { $size } is geen bordgrootte (4, 6, 7, 8, 10, 12, 14 of 16)
variant-error-free-opening = De klassieke vrije opening heeft een midden van 2×2 velden nodig, en dat heeft een bord van { $size }×{ $size } niet
switched-to = Nu wordt er { $rules } op { $size }×{ $size } gespeeld (het bord en de regels van de geplakte partij)

## Niveaus

level-beginner = Beginner
level-novice = Nieuweling
level-intermediate = Gemiddeld
level-advanced = Gevorderd
level-expert = Expert
level-maximum = Maximaal
level-description = { $selective ->
        [yes] Rekent zo diep als { $seconds } s per zet toelaten en laat weg wat kansloos lijkt
       *[no] Kijkt { $depth ->
            [one] { $depth } zet
           *[other] { $depth } zetten
        } vooruit
    }{ $endgame ->
        [0] {""}
       *[other] ; speelt foutloos zodra er { $endgame } velden leeg zijn
    }; { $noise ->
        [0] speelt altijd de beste zet
        [one] kiest elke zet die hoogstens { $noise } steen slechter is dan de beste
       *[other] kiest elke zet die hoogstens { $noise } stenen slechter is dan de beste
    }{ $limit ->
        [yes] ; tot { $seconds } s per zet
       *[no] {""}
    }.{ $beginner ->
        [yes] {" "}Een nieuwe speler kan ervan winnen.
       *[no] {""}
    }

## Hoofdmenu

menu-board = Bord
menu-more-sizes = Meer groottes
menu-rules = Regels
menu-game = Partij
menu-against-ai = Tegen de computer
menu-two-players = Twee spelers
menu-ai-vs-ai = Kijk computer tegen computer
menu-you-play = Je speelt met
menu-black-first = Zwart (begint)
menu-ai-level = Niveau van de computer
menu-two-players-note = Beide kanten spelen op dit apparaat, om beurten.
menu-clock = Klok
menu-no-clock = Zonder klok
menu-clock-minutes = { $minutes } min per speler
menu-start = Beginnen
menu-resume = Verder spelen
menu-settings = Instellingen
menu-quit = Afsluiten

## Instellingen

settings-title = Instellingen
settings-language = Taal
settings-language-system = Taal van het systeem ({ $language })
settings-volume = Volume
settings-mute = Geluid uit
settings-board = Bord
theme-classic = Klassiek groen
theme-wood = Hout
theme-dark = Donker
theme-high-contrast = Hoog contrast
settings-text-size = Tekstgrootte
settings-reduce-motion = Minder beweging
settings-reduce-motion-tip = Geen animaties: gezette stenen verschijnen en omgedraaide stenen veranderen meteen
settings-animation-speed = Snelheid van de animaties
settings-animation-off = uit
settings-animation-factor = { $factor }×
settings-show-legal = Geldige zetten tonen
settings-ai-delay = Pauze voor een zet van de computer (s)
settings-done = Klaar

## Zijpaneel en bord

panel-you = Jij
panel-human = Speler
panel-ai = AI · { $level }
panel-fewest-wins = Wie de minste stenen heeft wint
status-thinking = { $player ->
    [black] Zwart
   *[white] Wit
} denkt na…
status-ai-to-move = { $player ->
    [black] Zwart
   *[white] Wit
} (computer) is aan zet
status-to-move = { $player ->
    [black] Zwart
   *[white] Wit
} is aan zet
panel-free-opening = Vrije opening: { $player ->
    [black] Zwart
   *[white] Wit
} zet een steen in het midden
panel-opening = Opening: { $name }
panel-new-game = Nieuwe partij
panel-menu = Menu
panel-record = Notatie
panel-record-tip = De partij kopiëren of plakken
panel-analysis = Analyse
panel-analysis-tip = Grafiek van de stand en fouten
panel-undo = ⟲ Ongedaan maken
panel-undo-tip = Ctrl+Z, Backspace, linker schouderknop
panel-redo = Opnieuw ⟳
panel-redo-tip = Ctrl+Y, rechter schouderknop
panel-hints = Tips (H)
panel-hints-solved = opgelost
panel-hints-depth = diepte { $depth }
panel-moves = Zetten
move-pass = pas
pass-banner = { $player ->
    [black] Zwart
   *[white] Wit
} heeft geen zet — past

## Einde van de partij

over-title = Partij afgelopen
over-out-of-time = De tijd van { $player ->
    [black] Zwart
   *[white] Wit
} is op.
over-you-win = Je hebt gewonnen!
over-ai-wins = De computer wint.
over-draw = Gelijkspel.
over-discs = Stenen op het bord: zwart { $black }, wit { $white }
over-discs-empties-to-winner = Stenen op het bord: zwart { $black }, wit { $white }, { $empty } leeg (voor de winnaar)
over-discs-empties = Stenen op het bord: zwart { $black }, wit { $white }, { $empty } leeg
over-anti = Anti-reversi: wie de minste stenen heeft wint.
over-rematch = Revanche
over-new-game = Nieuwe partij
over-look = Het bord bekijken

## Notatie van de partij

record-title = Notatie van de partij
record-transcript = Zettenreeks
record-ggf = GGF
record-board = Bord
record-copy = Kopiëren
record-no-moves = (nog geen zetten)
record-paste-help = Plak een zettenreeks ({ $size }×{ $size }: f5d6c3…), een GGF-partij op elk bord, of een bord ({ $squares } velden X/O/- of elke n×n, en wie aan zet is):
record-load = Laden
record-clear = Wissen
record-editor = Bordeditor…
record-nothing = Niets te laden: plak eerst een zettenreeks, een GGF-partij of een bord.
record-unreadable = Niet te lezen: { $reason }. De huidige partij blijft ongewijzigd.

## Wat er mis is met een geplakte partij

notation-bad-token = “{ $token }” bij teken { $at } is geen veld (a1 … { $last }) en geen pas
notation-occupied = zet { $number } ({ $square }, teken { $at }) is ongeldig: { $square } is al bezet
notation-no-flips = zet { $number } ({ $square }, teken { $at }) is ongeldig: { $square } sluit geen steen in
notation-outside-centre = zet { $number } ({ $square }, teken { $at }) is ongeldig: { $square } is geen middenveld (de eerste vier stenen komen in het midden)
notation-off-board = zet { $number } ({ $square }, teken { $at }) is ongeldig: { $square } ligt niet op het bord
notation-game-over = zet { $number } ({ $square }, teken { $at }) is ongeldig: de partij is afgelopen
notation-illegal-pass = zet { $number } (teken { $at }) is een pas, maar wie aan zet is heeft een geldige zet
notation-board-short = een bord heeft 64 velden nodig, dit heeft er { $squares }
notation-bad-board-char = “{ $char }” bij teken { $at } is geen veld (X * x zwart, O 0 o wit, - . leeg)
notation-missing-side = na de velden ontbreekt wie aan zet is (X of O)
notation-bad-side = “{ $text }” bij teken { $at } zegt niet wie aan zet is (X/B/* zwart, O/W wit)
notation-trailing = onverwacht “{ $text }” bij teken { $at } na het bord
notation-board-size = een bord heeft n×n velden nodig (16, 36, 49, 64, 100, 144, 196 of 256), dit heeft er { $squares }
ggf-no-game = GGF: geen “(;” opent een partij
ggf-not-closed = GGF, teken { $at }: de partij wordt niet gesloten met “;)”
ggf-expected-property = GGF, teken { $at }: de naam van een eigenschap verwacht, “{ $char }” gevonden
ggf-no-value = GGF, teken { $at }: eigenschap { $property } heeft geen “[waarde]”
ggf-value-not-closed = GGF, teken { $at }: eigenschap { $property } wordt niet gesloten met “]”
ggf-not-othello = GGF, teken { $at }: speltype GM[{ $value }] is geen Othello
ggf-not-standard-type = GGF, teken { $at }: bordtype TY[{ $value }] is geen Othello op 8×8
ggf-type-two-sizes = GGF, teken { $at }: bordtype TY[{ $value }] heeft twee groottes
ggf-type-letter = GGF, teken { $at }: bordtype TY[{ $value }] heeft een onbekende letter “{ $letter }”
ggf-type-no-size = GGF, teken { $at }: bordtype TY[{ $value }] heeft geen grootte
ggf-type-size = GGF, teken { $at }: bordtype TY[{ $value }] is geen bord van dit spel (4, 6, 7, 8, 10, 12, 14, 16)
ggf-not-othello-start = GGF, teken { $at }: RR[{ $value }] is niet de beginstelling van Othello
ggf-unknown-rules = GGF, teken { $at }: RR[{ $value }] is classic noch othello
ggf-variant = GGF, teken { $at }: { $reason }
ggf-after-first-move = GGF, teken { $at }: { $property }[…] komt na de eerste zet
ggf-wrong-turn = GGF, teken { $at }: { $property }[{ $value }], maar { $player ->
    [black] Zwart
   *[white] Wit
} is aan zet
ggf-board-size-missing = GGF, teken { $at }: BO[…] begint niet met de bordgrootte { $size }
ggf-board-squares = GGF, teken { $at }: BO[…] heeft { $squares } velden, niet de { $cells } van zijn bord van { $size }×{ $size }

## Bordeditor

editor-title = Bordeditor
editor-paint = Zetten
editor-empty = Leeg
editor-to-move = Aan zet
editor-current = Huidige stelling
editor-start = Beginstelling
editor-clear = Wissen
editor-counts = { $variant } · Zwart { $black } · Wit { $white } · Leeg { $empty }
editor-play = Vanaf hier spelen
editor-empty-board = Vanaf deze stelling kan niet gespeeld worden: het bord is leeg. Zet eerst een paar stenen.
editor-game-over = Vanaf deze stelling kan niet gespeeld worden: geen van beide heeft hier een geldige zet, dus de partij zou al afgelopen zijn.

## Analyse

analysis-title = Analyse
analysis-run = Partij analyseren
analysis-progress = { $done } van { $total } zetten
analysis-done = { $total } zetten geanalyseerd (diepte 8, exact vanaf 14 lege velden)
analysis-black-ahead = zwart staat voor
analysis-white-ahead = wit staat voor
analysis-mistakes = Fouten (stenen verloren ten opzichte van de beste zet)
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] zwart
   *[white] wit
}) −{ $loss }
analysis-go-to = Naar de stelling voor deze zet

## De bewaarde partij

save-title = Bewaarde partij
save-ok = OK
save-restore-failed = De bewaarde partij kon niet worden hersteld ({ $error }); ze is bewaard als { $path }. Er begint een nieuwe partij.
save-restore-failed-kept = De bewaarde partij kon niet worden hersteld ({ $error }); ze kon niet opzij worden gezet, dus ze blijft zoals ze was en deze partij wordt niet bewaard. Er begint een nieuwe partij.
save-write-failed = De partij kon niet worden bewaard: { $error }

## Het bord voor schermlezers

cell-empty = { $square }, leeg
cell-legal = { $square }, leeg, geldige zet
cell-disc = { $square }, { $player ->
    [black] zwart
   *[white] wit
}
said-move = { $player ->
    [black] Zwart
   *[white] Wit
} zet op { $square } en draait { $count ->
    [one] { $count } steen
   *[other] { $count } stenen
} om: { $turned }

## Het laadscherm van de browser

web-board-label = Reversibord
web-loading = Laden…
web-loading-of = Laden… { $mb } van { $total } MB
web-loading-mb = Laden… { $mb } MB
web-starting = Starten…
web-failed = Het spel kon niet starten: { $error }
