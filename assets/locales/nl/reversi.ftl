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
outcome-win-fewest = { $player ->
    [black] Zwart
   *[white] Wit
} wint met minder stenen, { $winner }–{ $loser }
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
rules-summary-othello = { rules-othello }: vier stenen bij de start, wie de meeste stenen heeft, wint
rules-summary-classic = { rules-classic }: de eerste vier stenen worden in het midden gezet, wie de meeste stenen heeft, wint
rules-summary-anti = { rules-anti }: de zetten van Othello, wie de minste stenen heeft, wint
rules-summary-classic-anti = { rules-classic-anti }: vrij zetten in het midden, wie de minste stenen heeft, wint
variant-error-size = { $size } is geen bordgrootte (4, 6, 7, 8, 10, 12, 14 of 16)
variant-error-free-opening = De klassieke vrije opening heeft een midden van 2×2 velden nodig, en dat heeft een bord van { $size }×{ $size } niet
switched-to = Nu wordt er { $rules } gespeeld, bord { $board } (het bord en de regels van de geplakte partij)

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
        [one] ; speelt foutloos zodra er 1 leeg veld over is
       *[other] ; speelt foutloos zodra er { $endgame } lege velden over zijn
    }; { $noise ->
        [0] speelt altijd de beste zet
        [one] kiest willekeurig een zet die hoogstens { $noise } steen slechter is dan de beste
       *[other] kiest willekeurig een zet die hoogstens { $noise } stenen slechter is dan de beste
    }{ $limit ->
        [yes] ; tot { $seconds } s per zet
       *[no] {""}
    }.{ $beginner ->
        [yes] {" "}Een nieuwe speler kan ervan winnen.
       *[no] {""}
    }

## Hoofdmenu

menu-board = Bord
menu-more-sizes = Meer bordformaten
menu-rules = Regels
menu-game = Partij
menu-against-ai = Tegen de computer
menu-two-players = Twee spelers
menu-ai-vs-ai = Computer tegen computer
menu-you-play = Je speelt met
menu-black-first = Zwart (begint)
menu-black = Zwart
menu-white = Wit
menu-ai-level = Niveau van de computer
menu-two-players-note = Beide kanten spelen op dit apparaat, om beurten.
menu-clock = Klok
menu-no-clock = Zonder klok
menu-clock-minutes = { $minutes } min per speler
menu-start = Beginnen
menu-play = Spelen
menu-back = Terug
menu-resume = Verder spelen
menu-online = Speel tegen een vriend
menu-tournament = Toernooi
menu-tournament-round = Toernooi (ronde { $round } van { $rounds })
menu-past-games = Gespeelde partijen
menu-settings = Instellingen
menu-quit = Afsluiten

## Instellingen

settings-title = Instellingen
settings-language = Taal
settings-language-system = Taal van het systeem ({ $language })
settings-volume = Volume
settings-mute = Geluid uit
settings-board = Bord
settings-view = Weergave
view-3d = 3D
view-flat = Plat, van bovenaf
settings-ui = Menu's
ui-dark = Donker
ui-light = Licht
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
panel-ai = AI · { $level }
panel-online-friend = Vriend (online)
panel-fewest-wins = Wie de minste stenen heeft, wint
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
panel-hints = Tips
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
over-discs-empties-to-winner = Stenen op het bord: zwart { $black }, wit { $white }, { $empty ->
    [one] { $empty } leeg veld
   *[other] { $empty } lege velden
} (voor de winnaar)
over-discs-empties = Stenen op het bord: zwart { $black }, wit { $white }, { $empty ->
    [one] { $empty } leeg veld
   *[other] { $empty } lege velden
}
over-anti = Anti-reversi: wie de minste stenen heeft, wint.
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
notation-bad-board-char = “{ $char }” bij teken { $at } is geen veld (X * x zwart, O 0 o wit, - . leeg, # geen deel van het bord)
notation-missing-side = na de velden ontbreekt wie aan zet is (X of O)
notation-bad-side = “{ $text }” bij teken { $at } zegt niet wie aan zet is (X/B/* zwart, O/W wit)
notation-board-size = een bord heeft n×n velden nodig (16, 36, 49, 64, 100, 144, 196 of 256), dit heeft er { $squares }
ggf-no-game = GGF: geen “(;” opent een partij
ggf-not-closed = GGF, teken { $at }: de partij wordt niet gesloten met “;)”
ggf-expected-property = GGF, teken { $at }: de naam van een eigenschap verwacht, “{ $char }” gevonden
ggf-no-value = GGF, teken { $at }: eigenschap { $property } heeft geen “[waarde]”
ggf-value-not-closed = GGF, teken { $at }: eigenschap { $property } wordt niet gesloten met “]”
ggf-not-othello = GGF, teken { $at }: speltype GM[{ $value }] is geen Othello
ggf-type-two-sizes = GGF, teken { $at }: bordtype TY[{ $value }] heeft twee groottes
ggf-type-letter = GGF, teken { $at }: bordtype TY[{ $value }] heeft een onbekende letter “{ $letter }”
ggf-type-no-size = GGF, teken { $at }: bordtype TY[{ $value }] heeft geen grootte
ggf-type-size = GGF, teken { $at }: bordtype TY[{ $value }] is geen bord van dit spel (4, 6, 7, 8, 10, 12, 14, 16)
ggf-unknown-rules = GGF, teken { $at }: RR[{ $value }] is classic noch othello
ggf-variant = GGF, teken { $at }: { $reason }
ggf-after-first-move = GGF, teken { $at }: { $property }[…] komt na de eerste zet
ggf-wrong-turn = GGF, teken { $at }: { $property }[{ $value }], maar { $player ->
    [black] Zwart
   *[white] Wit
} is aan zet
ggf-board-size-missing = GGF, teken { $at }: BO[…] begint niet met de bordgrootte { $size }
ggf-board-squares = GGF, teken { $at }: BO[…] heeft { $squares ->
    [one] 1 veld
   *[other] { $squares } velden
}, niet de { $cells } van zijn bord van { $size }×{ $size }

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
editor-off = Geen veld
editor-all-on = Alle velden terug
editor-bad-shape = Op deze vorm kan niet gespeeld worden: { $why }.

## Analyse

analysis-title = Analyse
analysis-run = Partij analyseren
analysis-progress = { $done } van { $total ->
    [one] { $total } zet
   *[other] { $total } zetten
}
analysis-done = { $total ->
    [one] { $total } zet geanalyseerd
   *[other] { $total } zetten geanalyseerd
} (diepte { $depth }, exact vanaf { $empties } lege velden)
analysis-depth = Diepte
analysis-depth-quick = Snel
analysis-depth-normal = Normaal
analysis-depth-deep = Grondig
analysis-left-book = Uit het openingsboek bij zet { $number } ({ $square }).
analysis-black-ahead = zwart staat voor
analysis-white-ahead = wit staat voor
analysis-mistakes = Fouten (stenen verloren ten opzichte van de beste zet)
analysis-line = De lijn van de computer vanaf hier: { $moves }
what-if-hint = Speel een andere zet op het bord om te zien wat die had opgeleverd; de partij blijft zoals ze was.
what-if-title = Een andere lijn vanaf zet { $number }
what-if-move = { $number }. { $square } ({ $player ->
    [black] zwart
   *[white] wit
}): { $loss ->
    [0] de beste zet, { $value }
   *[other] { $value }, { $loss } onder de beste, { $best }
}
what-if-scoring = bezig met beoordelen…
what-if-back = Terug naar de partij
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] zwart
   *[white] wit
}) −{ $loss }, beste { $best }
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

## Leer spelen: de lijst met lessen, het paneel van de les en wat een poging laat zien

menu-learn = Leer spelen ({ $done }/{ $total })
menu-win = Leer winnen ({ $done }/{ $total })
lessons-title = Lessen
course-play = Leer spelen
course-win = Leer winnen
lessons-progress = { $done } van de { $total } lessen gedaan
lessons-open = Begin
lessons-again = Opnieuw
lessons-close = Sluiten
lesson-heading = { $course } · les { $number } van { $total }
lesson-step = Stap { $step } van { $steps }
lesson-complete = Les voltooid!
lesson-next = Volgende les
lesson-hint = Tip
lesson-restart = Opnieuw beginnen
lesson-skip = Overslaan
lesson-all = Alle lessen
lesson-to-menu = Hoofdmenu
lesson-play-first-game = Speel je eerste partij
lesson-found = { $square }: goed! ({ $found } van { $total })
lesson-found-move = { $square } is een geldige zet: hij sluit in. ({ $found } van { $total })
lesson-already-found = Je had { $square } al gevonden.
lesson-not-this-square = Dat is { $square }: kolom { $column }, rij { $row }.
lesson-why-occupied = Op { $square } ligt al een steen, en stenen worden nooit verplaatst of weggenomen.
lesson-why-no-neighbour = { $square } raakt geen { $opponent ->
    [black] zwarte
   *[white] witte
} steen, dus er valt niets in te sluiten.
lesson-why-no-anchor = Vanaf { $square } loopt elke lijn door { $opponent ->
    [black] zwarte
   *[white] witte
} stenen (rood) dood op een leeg veld of de rand voordat hij een { $player ->
    [black] zwarte
   *[white] witte
} steen bereikt: er wordt niets ingesloten, dus de zet is niet geldig.
lesson-why-off-centre = In klassiek Reversi komen de eerste vier stenen op de vier middenvelden; { $square } is er geen van.
lesson-not-this-move = { $square } is een geldige zet (de groene lijnen sluiten in), maar niet de zet die deze opdracht vraagt.
lesson-marked = { $count ->
    [one] Eén steen gemarkeerd.
   *[other] { $count } stenen gemarkeerd.
} Klik op { $square } om de zet te spelen als je klaar bent.
lesson-predict-wrong = Nog niet helemaal. De groene lijnen sluiten in: die stenen draaien om.
# Said after it only when the board shows a red line.
lesson-predict-red = Een rode lijn eindigt zonder steen van de kleur die aan zet is: daarop draait niets om.
lesson-predict-missed = { $count ->
    [one] Deze draait ook om (oranje ring)
   *[other] Deze draaien ook om (oranje ringen)
}: { $squares }
lesson-predict-wrongly = { $count ->
    [one] Deze blijft liggen zoals hij ligt (rood kruis)
   *[other] Deze blijven liggen zoals ze liggen (rode kruisen)
}: { $squares }
lesson-hint-squares = Tip: de blauwe ringen laten zien waar je moet klikken.
lesson-hint-lines = Tip: de groene lijnen vanaf { $square } tonen elke steen die omdraait.
lesson-hint-score = Tip: tel beide kleuren en geef de lege velden aan wie de meeste stenen heeft.

lesson-1-title = Het bord en de beginstelling
lesson-1-intro = Othello wordt gespeeld op een bord van 8×8 velden. De kolommen heten a tot en met h, van links naar rechts, en de rijen 1 tot en met 8, van boven naar beneden; zo heeft elk veld een naam, zoals d4. De partij begint met vier stenen in het midden: Wit op d4 en e5, Zwart op d5 en e4. Zwart begint altijd.
lesson-1-1 = Klik op de twee witte stenen.
lesson-1-1-done = Goed: Wit begint op d4 en e5, Zwart op d5 en e4.
lesson-1-2 = Klik nu op het lege veld f3.
lesson-1-2-done = Goed: kolom f, rij 3. Met deze namen kun je een hele partij opschrijven als een lijst zetten.
lesson-2-title = Een zet moet insluiten
lesson-2-intro = Als je aan zet bent, leg je een steen van jouw kleur op een leeg veld zo dat hij insluit: in een rechte lijn (horizontaal, verticaal of diagonaal) sluiten de nieuwe steen en een steen die je al hebt één of meer stenen van de tegenstander in, zonder lege velden ertussen.
lesson-2-1 = Zwart is aan zet: vind alle vier geldige zetten.
lesson-2-1-done = Goed: c4, d3, e6 en f5. Elk ervan sluit één witte steen in; geen ander veld sluit iets in.
lesson-3-title = Omdraaien
lesson-3-intro = Elke steen die je insluit, draai je om naar jouw kleur. Daarna is je tegenstander aan zet, met dezelfde regel.
lesson-3-1 = Speel d3 voor Zwart en kijk hoe d4 omdraait.
lesson-3-1-done = d4 lag tussen d3 en d5, dus werd hij zwart.
lesson-3-2 = Nu is Wit aan zet: vind de drie geldige zetten van Wit.
lesson-3-2-done = Goed: c3, e3 en c5. Elk ervan sluit één zwarte steen in tegen een witte.
lesson-4-title = Alle richtingen tegelijk
lesson-4-intro = Een zet draait de stenen om die hij insluit, in alle richtingen tegelijk: horizontaal, verticaal en langs beide diagonalen. Kiezen mag niet: ze draaien allemaal om.
lesson-4-1 = Zwart gaat f6 spelen. Klik op elke witte steen die volgens jou omdraait, en klik dan op f6.
lesson-4-1-done = Tien stenen in zes richtingen: b6, c6, d6 en e6; e5 en d4; f5; g5; f7; e7.
lesson-5-title = Alleen de stenen op één lijn
lesson-5-intro = Alleen stenen op een rechte lijn met de nieuwe steen draaien om, en alleen tot aan de dichtstbijzijnde steen van de kleur die aan zet is op die lijn. Stenen daarachter, of niet op één lijn met de nieuwe steen, blijven liggen.
lesson-5-1 = Zwart gaat g4 spelen. Klik op elke witte steen die volgens jou omdraait, en klik dan op g4.
lesson-5-1-done = e4, f4 en f5 draaien om. c4 ligt achter de zwarte d4 en d7 achter e6, dus die blijven; e5 komt tussen zwarte stenen te liggen, maar ligt niet op één lijn met g4 en blijft dus wit.
lesson-6-title = Omgedraaide stenen draaien niets om
lesson-6-intro = Stenen die omdraaien, laten in dezelfde zet nooit andere stenen omdraaien: alleen de net gelegde steen sluit in.
lesson-6-1 = Wit gaat d3 spelen. Klik op elke zwarte steen die volgens jou omdraait, en klik dan op d3.
lesson-6-1-done = d4, d5 en e4 draaien om. e5 is daarna helemaal door witte stenen omringd en blijft toch zwart: d3 sluit hem niet in, en omgedraaide stenen sluiten niets in.
lesson-7-title = Passen
lesson-7-intro = Wie geen geldige zet heeft, moet passen, en de tegenstander is weer aan zet. Dat gaat vanzelf. Niemand mag passen zolang hij een geldige zet heeft, ook al is het een slechte.
lesson-7-1 = Zwart is aan zet: speel een geldige zet naar keuze.
lesson-7-1-done = Wit heeft nu geen geldige zet meer, dus Wit past en Zwart is weer aan zet.
lesson-7-2 = Weer Zwart: speel een geldige zet.
lesson-7-2-done = Nu kan geen van beiden meer zetten: de partij is afgelopen met nog één leeg veld.
lesson-8-title = Het einde van de partij
lesson-8-intro = De partij is afgelopen als geen van beide spelers meer kan zetten. Meestal is het bord dan vol, maar een partij kan ook eerder eindigen, bijvoorbeeld als een kleur geen stenen meer heeft.
lesson-8-1 = Wit is aan zet: speel d3 of e3.
lesson-8-1-done = Zwart heeft nog maar één steen.
lesson-8-2 = Zwart is aan zet: speel een geldige zet naar keuze.
lesson-8-2-done = Wat Zwart ook speelt, Wit kan nu alle zwarte stenen in één keer insluiten.
lesson-8-3 = Wit is aan zet: vind de zet die de partij beëindigt.
lesson-8-3-not = { $square } is geldig, maar daarna kan Zwart nog zetten. Zoek de zet die alle zwarte stenen omdraait.
lesson-8-3-done = Zwart heeft geen stenen meer, dus niemand kan nog zetten: de partij is afgelopen terwijl het bord grotendeels leeg is. Wit wint met 64–0.
lesson-9-title = Tellen
lesson-9-intro = Als de partij is afgelopen, tel je de stenen: wie de meeste heeft, wint, en 32–32 is gelijkspel. Lege velden tellen voor de winnaar. In een partij met klok verliest wie door zijn tijd gaat, wat er ook op het bord ligt.
lesson-9-1 = Geen van beiden kan nog zetten. Wat is de eindstand, Zwart–Wit?
lesson-9-1-not = Niet { $score }: tel opnieuw, en denk eraan dat het lege veld naar de winnaar gaat.
lesson-9-1-done = 41–23: Zwart heeft 40 stenen en Wit 23, en het lege veld gaat naar de winnaar, Zwart.
lesson-10-title = Een eerste strategie
lesson-10-intro = De hoeken a1, h1, a8 en h8 kunnen nooit worden ingesloten: een steen daar blijft liggen. De velden diagonaal naast de hoeken zijn de X-velden, de velden ernaast langs de rand de C-velden; wie daar vroeg speelt, geeft de hoek vaak aan de tegenstander. En vroeg in de partij veel stenen hebben is niet beter: sterke spelers houden weinig stenen en veel zetmogelijkheden tot laat in de partij.
lesson-10-1 = Klik op de vier X-velden.
lesson-10-1-done = b2, g2, b7 en g7: elk ligt diagonaal naast een hoek.
lesson-10-2 = Zwart is aan zet: neem de hoek.
lesson-10-2-not = { $square } is geldig, maar de hoek a1 is de betere zet: een steen in de hoek kan nooit worden omgedraaid.
lesson-10-2-done = a1 is voorgoed van Zwart, en de witte stenen op X-veld b2 en op c3 zijn omgedraaid.
lesson-11-title = Andere manieren van spelen
lesson-11-intro = De spelregels noemen varianten: klassiek Reversi begint met een leeg bord, bij Anti-reversi wint wie de minste stenen heeft, en er wordt ook gespeeld op borden van 6×6, 7×7 en 10×10 en op borden met een andere vorm. Het hoofdmenu biedt ze allemaal.
lesson-11-1 = Klassiek Reversi: de eerste vier stenen komen één voor één op de vier middenvelden, Zwart eerst. Leg ze alle vier.
lesson-11-1-done = Vanaf de vijfde steen gelden de gewone regels: elke zet moet insluiten.
lesson-11-2 = Anti-reversi: de minste stenen wint. Speel de zet die de minste stenen omdraait.
lesson-11-2-not = { $square } is geldig, maar een andere zet draait minder stenen om.
lesson-11-2-done = c6 draait maar één steen om. Bij Anti-reversi is weinig omdraaien meestal goed.
lesson-11-3 = 6×6: dezelfde regels op een kleiner bord. Vind de vier eerste zetten van Zwart.
lesson-11-3-done = Goed: b3, c2, d5 en e4.
lesson-11-4 = 10×10: een groter bord, dezelfde regels. Speel een eerste zet.
lesson-11-4-done = Het bord en de regels kies je in het hoofdmenu.
lesson-11-5 = Annexation (1870), de voorloper van het spel, werd op een kruis gespeeld: het bord van 10×10 zonder zijn vier hoeken van 3×3 velden. Een lijn stopt waar een veld ontbreekt, net als aan de rand van het bord. Zoek alle zetten van Zwart.
lesson-11-5-done = Goed: b4, c5 en c6. Op een vierkant bord zou c3 d4 en e5 insluiten, maar c3 hoort niet bij het kruis. Het menu biedt het kruis en de achthoek naast de bordformaten.
lesson-12-title = Speel je eerste partij
lesson-12-intro = Je kent nu alle regels. Speel een partij tegen het vriendelijkste niveau, Beginner, met de geldige zetten op het bord aangegeven.
lesson-12-1 = Klaar? Jij speelt met Zwart.
lesson-12-1-done = De les telt als voltooid zodra de partij is afgelopen.

## Leer winnen: strategie, elke bewering door de engine nagerekend

lesson-13-title = Mobiliteit
lesson-13-intro = Sterke spelers tellen zetten, geen stenen. Wie veel zetten heeft, kan op een goede wachten; wie er weinig heeft, moet al snel een slechte doen. Veel stenen pakken geeft de tegenstander vaak nieuwe zetten: laat hem zo weinig mogelijk antwoorden over.
lesson-13-1 = Zwart is aan zet en heeft tien zetten. Speel de zet die Wit de minste antwoorden laat.
lesson-13-1-not = { $square } laat Wit meer antwoorden. Tel de zetten van Wit na elk van jouw zetten.
lesson-13-1-done = c7 laat Wit 11 antwoorden; elke andere zet laat er 13 of meer. De engine is het ermee eens: 12 zetten diep is c7 de beste zet van Zwart.
lesson-14-title = Grens en stille zetten
lesson-14-intro = Een steen naast een leeg veld is een grenssteen: hij geeft de tegenstander iets om in te sluiten en een veld om op te zetten. Een stille zet draait alleen stenen om die al omringd zijn, en opent zo niets nieuws voor de tegenstander.
lesson-14-1 = Zwart is aan zet. Vind de stille zet: de enige die geen steen naast een leeg veld omdraait.
lesson-14-1-not = { $square } draait een steen naast een leeg veld om: een nieuwe grenssteen voor Wit.
lesson-14-1-done = e8 draait alleen binnenstenen om. 12 zetten diep is het de beste zet van Zwart, met meer dan twee stenen verschil.
lesson-15-title = Pariteit
lesson-15-intro = Tegen het einde vallen de lege velden uiteen in gebieden. De laatste zet in een gebied is het meest waard: daar kan niemand meer antwoorden, dus de stenen blijven. In een gebied met een oneven aantal velden doet wie er het eerst zet meestal ook de laatste zet. Speel eerst in de oneven gebieden en bewaar de even gebieden voor later.
lesson-15-1 = Wit is aan zet. De negen lege velden vormen vier gebieden: vier in de hoek a1, twee op f1 en g1, twee op a8 en b8, en h7 alleen. Speel in het oneven gebied.
lesson-15-1-not = { $square } ligt in een even gebied: daar eerst spelen geeft Zwart er de laatste zet.
lesson-15-1-done = h7 wint met 10 stenen verschil bij het beste spel van beide kanten; elke andere zet verliest. De exacte oplosser bewijst het.
lesson-16-title = De drie openingen
lesson-16-intro = Na de eerste zet van Zwart heeft Wit drie antwoorden, en elk heeft een naam. Na f5: d6 is de loodrechte opening, f6 de diagonale en f4 de parallelle. Sterke spelers kiezen bijna altijd de loodrechte of de diagonale; de parallelle geeft Zwart een makkelijke partij.
lesson-16-1 = Zwart opende met f5. Speel de loodrechte opening voor Wit.
lesson-16-1-not = { $square } is een geldig antwoord, maar niet het loodrechte: dat is d6.
lesson-16-1-done = d6, de loodrechte opening. 12 zetten diep is het het beste antwoord van Wit; daarna komt de diagonale f6, en de parallelle f4 is de zwakste.
lesson-17-title = Stabiele stenen
lesson-17-intro = Een stabiele steen kan nooit meer omgedraaid worden, wat beide kanten ook spelen. Een hoek is stabiel, en ook een ononderbroken rij van jouw stenen langs een rand die begint in een hoek van jou. Stabiele stenen blijven van jou: ze tellen aan het eind.
lesson-17-1 = Zwart is aan zet. Klik op elke zwarte steen die nooit meer omgedraaid kan worden.
lesson-17-1-not = { $square } kan nog omgedraaid worden door een of andere reeks zetten.
lesson-17-1-done = h1 tot h6: de hoek h1 en de ononderbroken rand die daaruit omlaag loopt. Elke andere zwarte steen kan nog omgedraaid worden: het programma heeft het nagegaan door elk mogelijk vervolg uit te spelen.
lesson-18-title = Muren: minder stenen, meer zetten
lesson-18-intro = Wie in het middenspel veel stenen pakt, bouwt meestal een muur: een lange rij van jouw stenen naast lege velden. Een muur geeft de tegenstander zetten langs de hele rij en laat jou er weinig over. Wit heeft er hier een gebouwd. Sterke spelers draaien vaak maar één steen om.
lesson-18-1 = Zwart is aan zet. d2 zou vijf stenen omdraaien. Zoek in plaats daarvan de beste zet: die draait er maar één om.
lesson-18-1-not = { $square } is hier niet de beste zet. Zoek een zet die één steen omdraait en geen nieuwe grens maakt.
lesson-18-1-done = d7 draait één steen om en is, 12 zetten diep, meer dan vijf stenen beter dan elke andere zet. d2, dat er vijf omdraait, is meer dan acht stenen slechter dan d7: het zou de eigen muur van Zwart bouwen.
lesson-19-title = Hoeken en X-velden, nog eens
lesson-19-intro = Een X-veld (b2, g2, b7, g7) is gevaarlijk zolang de hoek ernaast leeg is: een steen daar kan de tegenstander de hoek geven. Heb je die hoek zelf al, dan is het X-veld een veld als elk ander, en vaak een goed.
lesson-19-1 = Wit is aan zet, en de hoek a1 is van Wit. Vind de beste zet van Wit.
lesson-19-1-not = { $square } is niet de beste zet van Wit. Welk X-veld kan Wit zonder gevaar nemen?
lesson-19-1-done = b2: met de hoek a1 van Wit kan het X-veld hem niet weggeven. 12 zetten diep is b2 de beste zet van Wit, met meer dan vijf stenen verschil.
lesson-20-title = Een eerste eindspel
lesson-20-intro = Met weinig lege velden kun je tot het einde tellen: probeer elke zet, zoek het beste antwoord van de tegenstander en tel de stenen. De oplosser doet precies dat, voor elke zet. Hier volg je zijn lijn tot het laatste veld.
lesson-20-1 = Zwart is aan zet, met vier lege velden. Maar één zet wint: speel hem.
lesson-20-1-not = { $square } verliest bij het beste spel. Tel wat Wit in antwoord kan terugpakken.
lesson-20-1-done = a1, de hoek: de enige winnende zet.
lesson-20-best-not = { $square } is hier niet de beste zet: bij het beste spel eindigt het slechter voor wie hem speelt.
lesson-20-2 = Speel nu het beste antwoord van Wit.
lesson-20-2-done = b1: het beste antwoord van Wit.
lesson-20-3 = Weer Zwart: speel de beste zet.
lesson-20-3-done = h1, de andere hoek.
lesson-20-4 = Wit speelt het laatste veld.
lesson-20-4-done = Het bord is vol.
lesson-20-5 = Wat is de eindstand?
lesson-20-5-not = Niet { $score }: tel beide kleuren opnieuw.
lesson-20-5-done = 34–30: Zwart wint met vier stenen verschil, precies de uitslag die de oplosser aan het begin aan a1 gaf.
lesson-21-title = Randen: de wig
lesson-21-intro = Een rand is sterk zolang hij heel blijft. Eén leeg veld tussen twee randstenen van de tegenstander is een gat: een steen die daar wordt ingeklemd kan langs de rand niet worden teruggenomen, splitst die rand in tweeën en opent vaak de weg naar een hoek.
lesson-21-1 = Wit is aan zet. Vind de wig: een leeg randveld tussen twee zwarte stenen. Hier is het de beste zet van Wit.
lesson-21-1-not = { $square } is niet de wig. Zoek langs de randen één leeg veld tussen twee zwarte stenen.
lesson-21-1-done = a5 splitst de rand van Zwart, en Zwart kan hem langs de rand niet terugnemen. 12 zetten diep is het de beste zet van Wit, met meer dan tien stenen verschil.
lesson-22-title = Tempo en wachtzetten
lesson-22-intro = Laat in de partij raken beide kanten hun veilige zetten kwijt, en wie als eerste niets meer heeft, moet iets weggeven: een hoek, een rand, de laatste zet. Een wachtzet is een veilige zet die weinig verandert: hij draait weinig stenen om, geeft de tegenstander niets nieuws en geeft de beurt terug. Doe er een, en je tegenstander moet de slechte zet doen in plaats van jou.
lesson-22-1 = Zwart is aan zet en heeft acht zetten, geen hoek daarbij. Vind de wachtzet: hij draait maar twee stenen om, en daarna geeft elke zet van Wit Zwart een hoek.
lesson-22-1-not = { $square } is niet de wachtzet. Zoek een zet die weinig stenen omdraait en Wit alleen slechte zetten laat.
lesson-22-1-done = b3 draait maar twee stenen om, en elke zet van Wit geeft Zwart nu een hoek. a4 laat Wit even slecht staan, maar draait zes stenen om. 12 zetten diep is b3 de beste zet van Zwart, met bijna acht stenen verschil.
lesson-23-title = Tips en analyse lezen
lesson-23-intro = Met tips aan staat op elke geldige zet een getal: het verschil in stenen aan het einde dat de computer verwacht voor wie aan zet is na die zet, bij het beste spel van beide kanten. +4 betekent winnen met ongeveer vier stenen, −4 verliezen met vier; hoe hoger, hoe beter. Een heel, onderstreept getal is exact: de oplosser heeft tot het einde geteld. Na een partij tekent de analyse onder het bord de partij als grafiek, zet voor zet: boven de middellijn staat Zwart voor, eronder Wit, en een oranje kruis markeert een fout, een zet die drie stenen of meer verloor ten opzichte van de beste.
lesson-23-1 = Wit is aan zet. De getallen op het bord zijn de tips van de computer. c8 draait de meeste stenen om: kijk naar zijn getal. Speel de zet met het hoogste getal.
lesson-23-1-not = { $square } heeft niet het hoogste getal. Vergelijk de getallen: het hoogste is de beste zet.
lesson-23-1-done = f3: het hoogste getal, ongeveer gelijk. c8, die vijf stenen omdraait, heeft het laagste: hij geeft Zwart de zetten en de hoeken.
lesson-23-2 = Onder het bord staat de analyse van een partij die { $player ->
    [black] Zwart
   *[white] Wit
} verloor. Het oranje kruis bij zet { $number } is de grootste fout van { $player ->
    [black] Zwart
   *[white] Wit
}: { $square } kostte ongeveer { $loss ->
    [one] 1 steen
   *[other] { $loss } stenen
}. Het bord staat net daarvoor. Vind de betere zet.
lesson-23-2-done = Dat is de zet die de analyse vond. De grafiek laat zien waar een partij kantelde; het bord laat zien wat daar gespeeld had moeten worden.
lesson-24-title = Bekijk een partij die je verloor
lesson-24-intro = Elke partij die je van de computer verliest, wordt bewaard. De snelste manier om beter te worden is de ene zet te vinden die je het meest kostte en te zien wat je had moeten spelen. Deze les opent je laatst verloren partij, analyseert hem en zet het bord terug vóór je grootste fout.
lesson-24-1 = Dit is jouw partij, geanalyseerd onder het bord. Het oranje kruis bij zet { $number } is je grootste fout: { $square } kostte ongeveer { $loss ->
    [one] 1 steen
   *[other] { $loss } stenen
}. Vind de zet die je had moeten spelen.
lesson-24-1-done = Dat is de zet die de analyse vond. Open na elke verloren partij Gespeelde partijen en kies Partij analyseren: het grootste kruis is de les.
lesson-review-not = { $square } is niet de zet die de analyse vond. Vergelijk met de zetten eromheen: welke houdt je stelling heel?
lesson-review-analysing = De partij wordt geanalyseerd…
lesson-review-example = Je hebt nog geen partij van de computer verloren, dus hier is er een die { $player ->
    [black] Zwart
   *[white] Wit
} verloor, geanalyseerd onder het bord. Het oranje kruis bij zet { $number } is de grootste fout: { $square } kostte ongeveer { $loss ->
    [one] 1 steen
   *[other] { $loss } stenen
}. Het bord staat net daarvoor. Vind de betere zet.

## Play a friend (online)

online-title = Speel tegen een vriend
online-server = Server
online-name = Je naam
online-create-heading = Een kamer openen
online-colour = Je kleur
online-colour-random = Willekeurig
online-clock = Klok
online-clock-none = Geen
online-clock-minutes = { $minutes } min
online-board = Bord: { $board } (zoals gekozen in het menu)
online-create = Een kamer openen
online-join-heading = Naar een kamer gaan
online-code = Code of link
online-join = Meedoen
online-room = Kamer { $code }
online-copy-link = Kopieer de link
online-you = { $name } (jij)
online-connecting = Verbinden met de server…
online-reconnecting = Verbinding verbroken: opnieuw verbinden…
online-waiting-friend = Wachten op je vriend: geef de code van de kamer of de link.
online-your-move = Jij bent aan zet
online-waiting-return = Wachten tot { $name } terug is: nog { $seconds } s voordat de partij wordt toegewezen
online-over-resigned = { $player ->
    [black] Zwart
   *[white] Wit
} wint: de tegenstander gaf op
online-over-time = { $player ->
    [black] Zwart
   *[white] Wit
} wint op tijd
online-over-abandoned = { $player ->
    [black] Zwart
   *[white] Wit
} wint: de tegenstander kwam niet terug
online-take-back-asked = { $name } vraagt de laatste zet terug te nemen
online-accept = Goedkeuren
online-refuse = Weigeren
online-take-back-waiting = Wachten op antwoord op je verzoek om terug te nemen
online-resign = Opgeven
online-take-back = Vraag om terug te nemen
online-rematch = Revanche (kleuren gewisseld)
online-rematch-offered = { $name } biedt een revanche aan
online-rematch-waiting = Revanche aangeboden: wachten op { $name }
online-leave = De kamer verlaten
online-public = Zet hem bij de open kamers
online-open-rooms = Open kamers
online-refresh = Vernieuwen
online-open-rooms-none = Er wacht geen open kamer: open er zelf een.
online-open-rooms-failed = De server gaf geen antwoord.
online-you-play = { $player ->
    [black] Jij speelt met Zwart
   *[white] Jij speelt met Wit
}
online-clock-increment = { $minutes } min + { $seconds } s
online-watch = Meekijken
online-watching = Je kijkt mee met deze partij.
online-watching-instead = Beide plaatsen zijn bezet: je kijkt mee met deze partij.
online-waiting-second = Wachten op een tweede speler
online-onlookers = { $count ->
    [one] Eén persoon kijkt mee
   *[other] { $count } mensen kijken mee
}
online-failed-unknown-room = Geen open kamer heeft die code.
online-failed-room-full = Die kamer heeft al twee spelers.
online-failed-version = De server draait een andere versie van het spel.
online-failed-bad-room = De server neemt die kamer niet aan (bord, klok of naam).
online-failed-too-many = Er staan te veel kamers open vanaf dit adres.
online-failed-replaced = Deze plaats is overgenomen vanuit een ander venster of apparaat.
online-failed-bad-token = De plaats kon niet worden teruggenomen.
online-refused-storage = De server kon dat niet opslaan: probeer het opnieuw.

## Gespeelde partijen: de partijen die zijn uitgespeeld

past-title = Gespeelde partijen
past-none = Er is nog geen partij uitgespeeld. Elke uitgespeelde partij, tegen de AI, met z'n tweeën op één apparaat of online, wordt hier bewaard.
past-count = { $count ->
    [one] Eén uitgespeelde partij, de nieuwste eerst.
   *[other] { $count } uitgespeelde partijen, de nieuwste eerst.
}
past-file = Bewaard in { $path } (een GGF-bestand dat ook andere Othello-programma's lezen).
past-rating = { $count ->
    [one] Je rating tegen de niveaus van de AI: { $rating } ± { $error }, uit één partij op het bord van 8×8 (95 %-interval).
   *[other] Je rating tegen de niveaus van de AI: { $rating } ± { $error }, uit { $count } partijen op het bord van 8×8 (95 %-interval).
}
past-rating-none = Speel tegen de AI op het bord van 8×8 voor een rating tegen de niveaus van de AI.
past-rating-scale = De rating van elk niveau komt uit partijen tussen de niveaus: Beginner { $beginner }, Maximaal { $maximum }.
past-not-written = De partijen konden niet worden opgeslagen: { $error }
past-players = { $black } – { $white }
# When a game ended, in UTC: the day as 2026-11-26, the time as 09:31.
past-when = { $day } { $time }
past-unfinished = Niet uitgespeeld
past-open = Openen
past-open-online = Verlaat eerst de online partij.
past-copy = GGF
past-copy-hint = Kopieer deze partij als GGF.
past-copy-all = Kopieer alle partijen (GGF)
past-close = Sluiten
tournament-title = Toernooi
tournament-not-kept = Het toernooi kon niet worden bewaard of gelezen: { $error }
tournament-intro = Mensen aan dit apparaat en de niveaus van de AI spelen tegen elkaar in een halve competitie of een toernooi volgens het Zwitsers systeem, geteld zoals op toernooien: een winst is een punt, gelijkspel een half punt, en wie gelijk staat in punten wordt gescheiden door het Brightwell-quotiënt en daarna door de stenen.
tournament-board = Bord: { $board }, { $rules } (zoals gekozen in het hoofdmenu).
tournament-players = { $count ->
    [0] Nog geen spelers: voeg er twee of meer toe.
    [one] Eén speler: voeg er minstens nog één toe.
   *[other] { $count } spelers
}
tournament-remove = Uit het toernooi halen
tournament-name-hint = De naam van een speler
tournament-add-person = Deze speler toevoegen
tournament-add-level = Dit niveau van de AI toevoegen
tournament-round-robin = Halve competitie
tournament-swiss = Zwitsers systeem
tournament-rounds-label = { $count ->
    [one] ronde
   *[other] rondes
}
tournament-round-robin-about = Iedereen speelt één keer tegen iedereen; bij een oneven aantal spelers rust er elke ronde één.
tournament-swiss-about = Elke ronde koppelt spelers met evenveel punten die nog niet tegen elkaar speelden; bij een oneven aantal spelers krijgt er één een bye, die telt als winst.
tournament-need-players = Een toernooi heeft 2 tot { $most } spelers.
tournament-same-name = Twee spelers heten { $name }: geef ieder een eigen naam.
tournament-no-name = Elke speler heeft een naam nodig.
tournament-too-many-rounds = Dat zijn meer rondes dan de spelers kunnen spelen zonder elkaar twee keer te treffen.
tournament-round = Ronde { $round } van { $rounds }
tournament-being-played = Wordt gespeeld
tournament-play = Spelen
tournament-rests = { $player } rust deze ronde.
tournament-bye = { $player } heeft deze ronde een bye, die telt als winst.
tournament-over = { $count ->
    [one] Het toernooi is voorbij: { $winner } wint.
   *[other] Het toernooi is voorbij: { $winner } delen de eerste plaats.
}
tournament-crosstable = Kruistabel
tournament-tie-breaks = Punten (winst 1, gelijkspel ½), dan het Brightwell-quotiënt, BQ (de stenen van de speler plus 6 × de punten van de tegenstanders), dan de stenen, dan de partijen tussen de spelers die nog gelijk staan.
tournament-place = Pl.
tournament-player = Speler
tournament-points = Punten
tournament-games = Partijen
tournament-discs = Stenen
tournament-bq = BQ
tournament-start = Het toernooi beginnen
tournament-copy-standings = De stand kopiëren
tournament-copy-games = De partijen kopiëren (GGF)
tournament-end = Het toernooi beëindigen
tournament-end-sure = Echt beëindigen? Klik nog een keer
tournament-recorded = Genoteerd voor het toernooi: { $black }–{ $white }.
tournament-back = Terug naar het toernooi

## Bordvormen
shape-name = { $shape ->
    [cross] Kruis
    [octagon] Achthoek
    [drawn] Eigen vorm
   *[square] Vierkant
}
board-name = { $shape ->
    [cross] Kruis
    [octagon] Achthoek
    [drawn] { $size }×{ $size }, eigen vorm
   *[square] { $size }×{ $size }
}
shape-error-unknown = “{ $text }” is geen vorm (vierkant, kruis, achthoek, of de velden die weg zijn, gescheiden door komma's: a1,h8)
shape-error-named-size = { $shape ->
    [cross] het kruis komt
   *[octagon] de achthoek komt
} uit een bord van 10×10, niet uit een van { $size }×{ $size }
shape-error-off-square = { $square } is geen veld van een bord van { $size }×{ $size }
shape-error-no-centre = { $square } is een middenveld, waar de eerste vier stenen komen: het kan niet weg
shape-error-disconnected = { $square } is afgesneden van de rest van het bord: elk veld moet via buurvelden met het midden verbonden zijn
shape-error-picture-size = een tekening van een bord heeft n×n velden nodig (16, 36, 49, 64, 100, 144, 196 of 256), deze heeft er { $squares }

## Eindspelpuzzels

menu-puzzles = Puzzels ({ $solved }/{ $total })
puzzles-title = Eindspelpuzzels
puzzles-progress = { $solved } van de { $total } puzzels opgelost. Elke puzzel komt uit een echte partij, en de oplosser heeft elke zet bewezen.
puzzles-daily = Puzzel van de dag: nr. { $number } ({ $grade }, { $empties ->
    [one] 1 leeg veld
   *[other] { $empties } lege velden
})
puzzles-easy = Makkelijk
puzzles-medium = Gemiddeld
puzzles-hard = Moeilijk
puzzles-grade = { $grade }: { $solved } van de { $total } opgelost
puzzles-about = { $empties ->
    [one] 1 leeg veld
   *[other] { $empties } lege velden
}; { $wrong } van de { $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
} { $wrong ->
    [one] schiet tekort
   *[other] schieten tekort
}
puzzles-close = Sluiten
puzzle-heading = Puzzel { $number } van { $total }
puzzle-about = { $grade } · { $empties ->
    [one] 1 leeg veld
   *[other] { $empties } lege velden
}
puzzle-of-the-day = puzzel van de dag
puzzle-task-win = { $side } is aan zet. Maar één zet wint: vind hem.
puzzle-task-draw = { $side } is aan zet. Geen zet wint, en maar één speelt gelijk: vind hem.
puzzle-task-best = { $side } is aan zet. Eén zet is beter dan alle andere: vind hem.
puzzle-task-score = Geef daarna de eindstand bij het beste spel van beide kanten.
puzzle-result = { $outcome ->
    [win] wint
    [draw] speelt gelijk
   *[loss] verliest
} met { $black }–{ $white } (zwart–wit) bij het beste spel
puzzle-not-legal = { $square } is hier geen geldige zet.
puzzle-short = { $square } { $result }. Zoek een betere zet.
puzzle-right-move = { $square } is de zet! Nu de eindstand bij het beste spel van beide kanten:
puzzle-wrong-score = Niet { $black }–{ $white }. Tel opnieuw: de lege velden gaan naar de winnaar.
puzzle-solved = Opgelost: { $square } { $result }. Het getal op elk veld is de uitslag van die zet voor { $side }, in stenen.
puzzle-hint-regions = Tip: de lege velden vormen { $number ->
    [one] één gebied
   *[other] gebieden van { $regions } velden
}. De zet ligt in het blauwe gebied, van { $count ->
    [one] 1 veld
   *[other] { $count } velden
}. Wie doet de laatste zet in elk gebied?
puzzle-next = Volgende puzzel
puzzle-hint = Tip
puzzle-restart = Opnieuw beginnen
puzzle-skip = Overslaan
puzzle-all = Alle puzzels
puzzle-to-menu = Hoofdmenu

## The openings explorer (the side panel) and opening practice.
explorer-title = Openingsverkenner
explorer-book-moves = Boekzetten, in stenen voor { $player ->
    [black] Zwart
   *[white] Wit
} bij het beste spel:
explorer-left-out = Beste zet buiten het boek: { $value }
explorer-not-in-book = Het openingsboek kent deze stelling niet.
explorer-lines = Openingen met een naam vanaf hier:
explorer-line = { $name }: daarna { $square } ({ $moves ->
    [one] 1 zet
   *[other] { $moves } zetten
} in totaal)
explorer-more = …en nog { $count }
explorer-no-line = Geen opening met een naam gaat vanaf hier verder.
explorer-legend = Klik op een zet om hem te spelen. Met tips aan omlijst het bord de zetten van het boek in goud, met hun waarde.
menu-practice = Openingen oefenen ({ $learned }/{ $total })
practice-title = Openingen oefenen
practice-intro = Speel een opening tegen het openingsboek. De computer antwoordt met de zetten van de lijn zelf en daarna met die van het boek; het boek beoordeelt elke zet van jou. Een lijn die je tot het eind zonder fout speelt, ken je.
practice-colour = Jij speelt:
practice-any = Een willekeurige lijn uit het boek
practice-any-about = De computer kiest uit de beste zetten van het boek; de lijn eindigt waar het boek eindigt.
practice-progress = Openingen geleerd: { $learned } van { $total }
practice-learned = geleerd
practice-close = Sluiten
practice-as = { $line } · jij speelt { $player ->
    [black] Zwart
   *[white] Wit
}
practice-your-move = Jij bent aan zet: speel de lijn.
practice-waiting = De computer antwoordt uit het boek…
practice-best = { $square }: de beste zet van het boek ({ $value }).
practice-fine = { $square } is goed: { $loss } { $loss ->
    [one] steen
   *[other] stenen
} onder de beste van het boek, { $best }.
practice-mistake = { $square } is een fout van { $loss } { $loss ->
    [one] steen
   *[other] stenen
}: de betere zet van het boek was { $best } ({ $value }).
practice-unknown = { $square }: voorbij het eind van het boek, niet beoordeeld.
practice-line-move = { $line }: de lijn gaat verder met { $square }.
practice-done-learned = Lijn zonder fout gespeeld. Opening geleerd: { $line }!
practice-done-mistakes = Lijn af met { $mistakes } { $mistakes ->
    [one] fout
   *[other] fouten
}. Speel hem nog eens zonder fout om hem te leren.
practice-again = De lijn opnieuw spelen
practice-other = Een andere opening
practice-to-menu = Hoofdmenu
## The three basic openings, in each language's words; the catalogue's names (Tiger, Rose, Buffalo…) are written alike everywhere.
opening-name-perpendicular = Loodrecht
opening-name-parallel = Parallel
opening-name-diagonal = Diagonaal

## The game database: the WTHOR tournament games the player adds (Settings, the main menu, the explorer).
menu-database = Partijendatabase
settings-database = { $count ->
    [one] Partijendatabase: één toernooipartij
   *[other] Partijendatabase: { $count } toernooipartijen
}
settings-database-none = Partijendatabase: nog geen partijen
settings-database-open = Openen…
db-title = Partijendatabase
db-none = Nog geen partijen: voeg hieronder de WTHOR-bestanden van de Franse bond toe (WTH_*.wtb, met WTHOR.JOU en WTHOR.TRN voor de namen), of op de opdrachtregel met `reversi db add`.
db-count = { $count ->
    [one] Eén toernooipartij, { $from }–{ $to }.
   *[other] { $count } toernooipartijen, { $from }–{ $to }.
}
db-player = Speler
db-tournament = Toernooi
db-years = Jaren
db-result = Uitslag
db-result-any = Alle
db-result-black = Zwart won
db-result-white = Wit won
db-result-draw = Gelijkspel
db-here = Alleen partijen door de stelling op het bord (ook in spiegelbeeld of rondgedraaid, in elke zetvolgorde)
db-found = { $count ->
    [0] Geen partij gevonden ({ $ms } ms).
    [one] Eén partij gevonden ({ $ms } ms).
   *[other] { $count } partijen gevonden, de nieuwste { $shown } in de lijst ({ $ms } ms).
}
db-open = Naspelen
db-open-hint = Open deze partij op het bord bij de gezochte stelling (anders bij het begin), met de analyse om zet voor zet door de partij te gaan.
db-close = Sluiten
db-add-title = WTHOR-bestanden toevoegen…
db-add-how = Open de map met de WTHOR-bestanden; alle WTHOR-bestanden erin worden toegevoegd:
db-add-path = een map, bv. ~/Downloads/wthor
db-up = Omhoog
db-files-here = { $count ->
    [0] Geen WTHOR-bestand in deze map.
    [one] Eén WTHOR-bestand in deze map.
   *[other] { $count } WTHOR-bestanden in deze map.
}
db-add = Toevoegen
db-add-browser = Kies de WTHOR-bestanden (WTH_*.wtb, WTHOR.JOU, WTHOR.TRN): ze worden hier gelezen, en de database die ervan gemaakt wordt, blijft bewaard in deze browser.
db-add-pick = Bestanden kiezen…
db-adding = Bestand { $done } van { $total } lezen…
db-added = { $added ->
    [0] Geen partij toegevoegd
    [one] Eén partij toegevoegd
   *[other] { $added } partijen toegevoegd
} ({ $duplicates ->
    [0] geen enkele stond er al in
    [one] één stond er al in
   *[other] { $duplicates } stonden er al in
}).
db-refused = { $file } geweigerd: { $reason }
db-rejected = { $count ->
    [one] Eén beschadigde partij is weggelaten.
   *[other] { $count } beschadigde partijen zijn weggelaten.
}
db-error = De database kon niet worden gelezen of geschreven: { $error }
db-kept = Bewaard in { $path } (gemaakt van je eigen bestanden; nooit gedeeld).
explorer-db = { $count ->
    [0] Geen partij in de database komt in deze stelling.
    [one] Eén partij in de database kwam in deze stelling; { $player ->
        [black] Zwart
       *[white] Wit
    } speelde:
   *[other] { $count } partijen in de database kwamen in deze stelling; { $player ->
        [black] Zwart
       *[white] Wit
    } speelde:
}
explorer-db-none = Voeg toernooipartijen toe onder Instellingen → Partijendatabase om te zien wat spelers hier kozen.
explorer-db-players = De sterkste spelers die deze zet kozen (Elo uit de partijen van de database): { $players }
explorer-db-results = Gewonnen: { $wins } · gelijkspel: { $draws } · verloren: { $losses }
explorer-col-move = Zet
explorer-col-book = Boek
explorer-col-games = Partijen
explorer-col-score = Punten
explorer-col-discs = Stenen
db-replaying = { $black } – { $white }, { $tournament } { $year } ({ $score })
