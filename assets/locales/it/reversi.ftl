# Reversi, italiano: ogni parola che il gioco mostra a un giocatore.
# Il lessico è quello del regolamento italiano: pedine, tavoliere, case, catturare, girare, passare.

app-name = Reversi
language-name = Italiano
decimal-separator = ,
percent = { $value } %

## Giocatori e risultati

player = { $player ->
    [black] Nero
   *[white] Bianco
}
outcome-win = Vince il { $player ->
    [black] Nero
   *[white] Bianco
} { $winner }–{ $loser }
outcome-draw = Patta { $black }–{ $white }
wins-on-time = Il { $player ->
    [black] Nero
   *[white] Bianco
} vince per tempo

## Regole

rules-othello = Othello
rules-classic = Reversi classico
rules-anti = Reversi a perdere
rules-classic-anti = Reversi classico a perdere
rules-summary-othello = { rules-othello }: quattro pedine all'inizio, vince chi ha più pedine
rules-summary-classic = { rules-classic }: le prime quattro pedine si posano al centro, vince chi ha più pedine
rules-summary-anti = { rules-anti }: le mosse dell'Othello, vince chi ha meno pedine
rules-summary-classic-anti = { rules-classic-anti }: pedine posate liberamente al centro, vince chi ha meno pedine
variant-error-size = { $size } non è una misura del tavoliere (4, 6, 7, 8, 10, 12, 14 o 16)
variant-error-free-opening = L'apertura libera classica richiede un centro di 2×2 case, che un tavoliere { $size }×{ $size } non ha
switched-to = Ora si gioca a { $rules } { $size }×{ $size } (il tavoliere e le regole della partita incollata)

## Livelli

level-beginner = Principiante
level-novice = Novizio
level-intermediate = Intermedio
level-advanced = Avanzato
level-expert = Esperto
level-maximum = Massimo
level-description = { $selective ->
        [yes] Cerca fin dove permettono { $seconds } s a mossa, scartando ciò che giudica senza speranza
       *[no] Guarda { $depth ->
            [one] { $depth } mossa
           *[other] { $depth } mosse
        } avanti
    }{ $endgame ->
        [0] {""}
       *[other] ; gioca alla perfezione quando restano { $endgame } case vuote
    }; { $noise ->
        [0] gioca sempre la sua mossa migliore
        [one] sceglie una mossa qualsiasi entro { $noise } pedina dalla migliore
       *[other] sceglie una mossa qualsiasi entro { $noise } pedine dalla migliore
    }{ $limit ->
        [yes] ; fino a { $seconds } s a mossa
       *[no] {""}
    }.{ $beginner ->
        [yes] {" "}Un nuovo giocatore lo può battere.
       *[no] {""}
    }

## Menu principale

menu-board = Tavoliere
menu-more-sizes = Altre misure
menu-rules = Regole
menu-game = Partita
menu-against-ai = Contro il computer
menu-two-players = Due giocatori
menu-ai-vs-ai = Guarda computer contro computer
menu-you-play = Giochi con il
menu-black-first = Nero (muove per primo)
menu-ai-level = Livello del computer
menu-two-players-note = Entrambi giocano su questo dispositivo, a turno.
menu-clock = Orologio
menu-no-clock = Senza orologio
menu-clock-minutes = { $minutes } min a giocatore
menu-start = Inizia
menu-resume = Riprendi
menu-settings = Impostazioni
menu-quit = Esci

## Impostazioni

settings-title = Impostazioni
settings-language = Lingua
settings-language-system = Lingua del sistema ({ $language })
settings-volume = Volume
settings-mute = Muto
settings-board = Tavoliere
theme-classic = Verde classico
theme-wood = Legno
theme-dark = Scuro
theme-high-contrast = Contrasto elevato
settings-text-size = Dimensione del testo
settings-reduce-motion = Riduci il movimento
settings-reduce-motion-tip = Nessuna animazione: le pedine posate compaiono e quelle catturate cambiano colore subito
settings-animation-speed = Velocità delle animazioni
settings-animation-off = spente
settings-animation-factor = { $factor }×
settings-show-legal = Mostra le mosse valide
settings-ai-delay = Pausa prima delle mosse del computer (s)
settings-done = Fatto

## Pannello laterale e tavoliere

panel-you = Tu
panel-human = Giocatore
panel-ai = IA · { $level }
panel-fewest-wins = Vince chi ha meno pedine
status-thinking = Il { $player ->
    [black] Nero
   *[white] Bianco
} sta pensando…
status-ai-to-move = Muove il { $player ->
    [black] Nero
   *[white] Bianco
} (computer)
status-to-move = Muove il { $player ->
    [black] Nero
   *[white] Bianco
}
panel-free-opening = Apertura libera: il { $player ->
    [black] Nero
   *[white] Bianco
} posa una pedina al centro
panel-opening = Apertura: { $name }
panel-new-game = Nuova partita
panel-menu = Menu
panel-record = Partita
panel-record-tip = Copia o incolla la partita
panel-analysis = Analisi
panel-analysis-tip = Grafico di valutazione ed errori
panel-undo = ⟲ Annulla
panel-undo-tip = Ctrl+Z, Backspace, tasto dorsale sinistro
panel-redo = Ripeti ⟳
panel-redo-tip = Ctrl+Y, tasto dorsale destro
panel-hints = Suggerimenti (H)
panel-hints-solved = risolto
panel-hints-depth = profondità { $depth }
panel-moves = Mosse
move-pass = passa
pass-banner = Il { $player ->
    [black] Nero
   *[white] Bianco
} non ha mosse — passa

## Fine della partita

over-title = Partita finita
over-out-of-time = Il { $player ->
    [black] Nero
   *[white] Bianco
} ha esaurito il tempo.
over-you-win = Hai vinto!
over-ai-wins = Vince il computer.
over-draw = Patta.
over-discs = Pedine sul tavoliere: nere { $black }, bianche { $white }
over-discs-empties-to-winner = Pedine sul tavoliere: nere { $black }, bianche { $white }, { $empty ->
    [one] { $empty } casa vuota
   *[other] { $empty } case vuote
} (al vincitore)
over-discs-empties = Pedine sul tavoliere: nere { $black }, bianche { $white }, { $empty ->
    [one] { $empty } casa vuota
   *[other] { $empty } case vuote
}
over-anti = Reversi a perdere: vince chi ha meno pedine.
over-rematch = Rivincita
over-new-game = Nuova partita
over-look = Guarda il tavoliere

## La partita scritta

record-title = Partita scritta
record-transcript = Trascrizione
record-ggf = GGF
record-board = Tavoliere
record-copy = Copia
record-no-moves = (ancora nessuna mossa)
record-paste-help = Incolla una trascrizione ({ $size }×{ $size }: f5d6c3…), una partita GGF di qualsiasi tavoliere o un tavoliere ({ $squares } case X/O/- o qualsiasi n×n, e chi muove):
record-load = Carica
record-clear = Svuota
record-editor = Editor del tavoliere…
record-nothing = Niente da caricare: incolla prima una trascrizione, una partita GGF o un tavoliere.
record-unreadable = Impossibile leggerla: { $reason }. La partita in corso non cambia.

## Che cosa non va in una partita incollata

notation-bad-token = “{ $token }” al carattere { $at } non è una casa (a1 … { $last }) né un passo
notation-occupied = la mossa { $number } ({ $square }, carattere { $at }) non è valida: { $square } è già occupata
notation-no-flips = la mossa { $number } ({ $square }, carattere { $at }) non è valida: { $square } non cattura nessuna pedina
notation-outside-centre = la mossa { $number } ({ $square }, carattere { $at }) non è valida: { $square } non è una casa centrale (le prime quattro pedine vanno al centro)
notation-off-board = la mossa { $number } ({ $square }, carattere { $at }) non è valida: { $square } non è sul tavoliere
notation-game-over = la mossa { $number } ({ $square }, carattere { $at }) non è valida: la partita è finita
notation-illegal-pass = la mossa { $number } (carattere { $at }) è un passo, ma chi muove ha una mossa valida
notation-board-short = un tavoliere ha bisogno di 64 case, questo ne ha { $squares }
notation-bad-board-char = “{ $char }” al carattere { $at } non è una casa (X * x nero, O 0 o bianco, - . vuota)
notation-missing-side = manca chi muove dopo le case (X o O)
notation-bad-side = “{ $text }” al carattere { $at } non indica chi muove (X/B/* nero, O/W bianco)
notation-trailing = “{ $text }” inatteso al carattere { $at } dopo il tavoliere
notation-board-size = un tavoliere ha bisogno di n×n case (16, 36, 49, 64, 100, 144, 196 o 256), questo ne ha { $squares }
ggf-no-game = GGF: nessun “(;” apre una partita
ggf-not-closed = GGF, carattere { $at }: la partita non è chiusa da “;)”
ggf-expected-property = GGF, carattere { $at }: atteso il nome di una proprietà, trovato “{ $char }”
ggf-no-value = GGF, carattere { $at }: la proprietà { $property } non ha “[valore]”
ggf-value-not-closed = GGF, carattere { $at }: la proprietà { $property } non è chiusa da “]”
ggf-not-othello = GGF, carattere { $at }: il tipo di gioco GM[{ $value }] non è Othello
ggf-not-standard-type = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] non è Othello 8×8
ggf-type-two-sizes = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] ha due misure
ggf-type-letter = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] ha una lettera sconosciuta “{ $letter }”
ggf-type-no-size = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] non ha una misura
ggf-type-size = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] non è un tavoliere di questo gioco (4, 6, 7, 8, 10, 12, 14, 16)
ggf-not-othello-start = GGF, carattere { $at }: RR[{ $value }] non è la posizione iniziale dell'Othello
ggf-unknown-rules = GGF, carattere { $at }: RR[{ $value }] non è né classic né othello
ggf-variant = GGF, carattere { $at }: { $reason }
ggf-after-first-move = GGF, carattere { $at }: { $property }[…] viene dopo la prima mossa
ggf-wrong-turn = GGF, carattere { $at }: { $property }[{ $value }], ma muove il { $player ->
    [black] Nero
   *[white] Bianco
}
ggf-board-size-missing = GGF, carattere { $at }: BO[…] non inizia con la misura del tavoliere { $size }
ggf-board-squares = GGF, carattere { $at }: BO[…] ha { $squares } case, non le { $cells } del suo tavoliere { $size }×{ $size }

## Editor del tavoliere

editor-title = Editor del tavoliere
editor-paint = Dipingi
editor-empty = Vuota
editor-to-move = Muove
editor-current = Posizione attuale
editor-start = Posizione iniziale
editor-clear = Svuota
editor-counts = { $variant } · Nero { $black } · Bianco { $white } · Vuote { $empty }
editor-play = Gioca da qui
editor-empty-board = Impossibile giocare da questa posizione: il tavoliere è vuoto. Posa prima qualche pedina.
editor-game-over = Impossibile giocare da questa posizione: nessuno dei due ha una mossa valida, quindi la partita sarebbe già finita.

## Analisi

analysis-title = Analisi
analysis-run = Analizza la partita
analysis-progress = { $done } di { $total } mosse
analysis-done = { $total } mosse analizzate (profondità 8, esatta da 14 case vuote)
analysis-black-ahead = nero in vantaggio
analysis-white-ahead = bianco in vantaggio
analysis-mistakes = Errori (pedine perse rispetto alla mossa migliore)
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] nero
   *[white] bianco
}) −{ $loss }
analysis-go-to = Vai alla posizione prima di questa mossa

## La partita salvata

save-title = Partita salvata
save-ok = OK
save-restore-failed = Impossibile riprendere la partita salvata ({ $error }); è stata conservata come { $path }. Inizia una nuova partita.
save-restore-failed-kept = Impossibile riprendere la partita salvata ({ $error }); non è stato possibile metterla da parte, quindi resta com'era e questa partita non sarà salvata. Inizia una nuova partita.
save-write-failed = Impossibile salvare la partita: { $error }

## Il tavoliere per i lettori di schermo

cell-empty = { $square }, vuota
cell-legal = { $square }, vuota, mossa valida
cell-disc = { $square }, pedina { $player ->
    [black] nera
   *[white] bianca
}
said-move = Il { $player ->
    [black] Nero
   *[white] Bianco
} muove in { $square } e cattura { $count ->
    [one] { $count } pedina
   *[other] { $count } pedine
}: { $turned }

## La schermata di caricamento del browser

web-board-label = Tavoliere del Reversi
web-loading = Caricamento…
web-loading-of = Caricamento… { $mb } di { $total } MB
web-loading-mb = Caricamento… { $mb } MB
web-starting = Avvio…
web-failed = Impossibile avviare il gioco: { $error }
