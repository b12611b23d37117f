# Reversi, italiano: ogni parola che il gioco mostra a un giocatore.
# Il lessico è quello del regolamento italiano: pedine, tavoliere, caselle, catturare, girare, passare.

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
outcome-win-fewest = Vince il { $player ->
    [black] Nero
   *[white] Bianco
} con meno pedine, { $winner }–{ $loser }
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
variant-error-free-opening = L'apertura libera classica richiede un centro di 2×2 caselle, che un tavoliere { $size }×{ $size } non ha
switched-to = Ora si gioca a { $rules }, tavoliere { $board } (il tavoliere e le regole della partita incollata)

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
        [one] ; gioca alla perfezione quando resta 1 casella vuota
       *[other] ; gioca alla perfezione quando restano { $endgame } caselle vuote
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
menu-black = Nero
menu-white = Bianco
menu-ai-level = Livello del computer
menu-two-players-note = Entrambi giocano su questo dispositivo, a turno.
menu-clock = Orologio
menu-no-clock = Senza orologio
menu-clock-minutes = { $minutes } min a giocatore
menu-start = Inizia
menu-play = Gioca
menu-back = Indietro
menu-resume = Riprendi
menu-online = Gioca con un amico
menu-tournament = Torneo
menu-tournament-round = Torneo (turno { $round } di { $rounds })
menu-past-games = Partite giocate
menu-settings = Impostazioni
menu-quit = Esci

## Impostazioni

settings-title = Impostazioni
settings-language = Lingua
settings-language-system = Lingua del sistema ({ $language })
settings-volume = Volume
settings-mute = Muto
settings-board = Tavoliere
settings-view = Vista
view-3d = 3D
view-flat = Piatta, dall'alto
settings-ui = Aspetto dei menu
ui-dark = Scuri
ui-light = Chiari
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
settings-show-legal = Mostra le mosse legali
settings-ai-delay = Pausa prima delle mosse del computer (s)
settings-done = Fatto

## Pannello laterale e tavoliere

panel-you = Tu
panel-ai = IA · { $level }
panel-online-friend = Amico (online)
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
panel-hints = Suggerimenti
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
    [one] { $empty } casella vuota
   *[other] { $empty } caselle vuote
} (al vincitore)
over-discs-empties = Pedine sul tavoliere: nere { $black }, bianche { $white }, { $empty ->
    [one] { $empty } casella vuota
   *[other] { $empty } caselle vuote
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
record-paste-help = Incolla una trascrizione ({ $size }×{ $size }: f5d6c3…), una partita GGF di qualsiasi tavoliere o un tavoliere ({ $squares } caselle X/O/- o qualsiasi n×n, e chi muove):
record-load = Carica
record-clear = Svuota
record-editor = Editor del tavoliere…
record-nothing = Niente da caricare: incolla prima una trascrizione, una partita GGF o un tavoliere.
record-unreadable = Impossibile leggerla: { $reason }. La partita in corso non cambia.

## Che cosa non va in una partita incollata

notation-bad-token = “{ $token }” al carattere { $at } non è una casella (a1 … { $last }) né un passo
notation-occupied = la mossa { $number } ({ $square }, carattere { $at }) non è legale: { $square } è già occupata
notation-no-flips = la mossa { $number } ({ $square }, carattere { $at }) non è legale: { $square } non cattura nessuna pedina
notation-outside-centre = la mossa { $number } ({ $square }, carattere { $at }) non è legale: { $square } non è una casella centrale (le prime quattro pedine vanno al centro)
notation-off-board = la mossa { $number } ({ $square }, carattere { $at }) non è legale: { $square } non è sul tavoliere
notation-game-over = la mossa { $number } ({ $square }, carattere { $at }) non è legale: la partita è finita
notation-illegal-pass = la mossa { $number } (carattere { $at }) è un passo, ma chi muove ha una mossa legale
notation-bad-board-char = “{ $char }” al carattere { $at } non è una casella (X * x nero, O 0 o bianco, - . vuota, # fuori dal tavoliere)
notation-missing-side = manca chi muove dopo le caselle (X o O)
notation-bad-side = “{ $text }” al carattere { $at } non indica chi muove (X/B/* nero, O/W bianco)
notation-board-size = un tavoliere ha bisogno di n×n caselle (16, 36, 49, 64, 100, 144, 196 o 256), questo ne ha { $squares }
ggf-no-game = GGF: nessun “(;” apre una partita
ggf-not-closed = GGF, carattere { $at }: la partita non è chiusa da “;)”
ggf-expected-property = GGF, carattere { $at }: atteso il nome di una proprietà, trovato “{ $char }”
ggf-no-value = GGF, carattere { $at }: la proprietà { $property } non ha “[valore]”
ggf-value-not-closed = GGF, carattere { $at }: la proprietà { $property } non è chiusa da “]”
ggf-not-othello = GGF, carattere { $at }: il tipo di gioco GM[{ $value }] non è Othello
ggf-type-two-sizes = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] ha due misure
ggf-type-letter = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] ha una lettera sconosciuta “{ $letter }”
ggf-type-no-size = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] non ha una misura
ggf-type-size = GGF, carattere { $at }: il tipo di tavoliere TY[{ $value }] non è un tavoliere di questo gioco (4, 6, 7, 8, 10, 12, 14, 16)
ggf-unknown-rules = GGF, carattere { $at }: RR[{ $value }] non è né classic né othello
ggf-variant = GGF, carattere { $at }: { $reason }
ggf-after-first-move = GGF, carattere { $at }: { $property }[…] viene dopo la prima mossa
ggf-wrong-turn = GGF, carattere { $at }: { $property }[{ $value }], ma muove il { $player ->
    [black] Nero
   *[white] Bianco
}
ggf-board-size-missing = GGF, carattere { $at }: BO[…] non inizia con la misura del tavoliere { $size }
ggf-board-squares = GGF, carattere { $at }: BO[…] ha { $squares ->
    [one] 1 casella
   *[other] { $squares } caselle
}, non le { $cells } del suo tavoliere { $size }×{ $size }

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
editor-game-over = Impossibile giocare da questa posizione: nessuno dei due ha una mossa legale, quindi la partita sarebbe già finita.
editor-off = Fuori dal tavoliere
editor-all-on = Tutte le caselle
editor-bad-shape = Non si può giocare su questa forma: { $why }.

## Analisi

analysis-title = Analisi
analysis-run = Analizza la partita
analysis-progress = { $done } di { $total ->
    [one] { $total } mossa
   *[other] { $total } mosse
}
analysis-done = { $total ->
    [one] { $total } mossa analizzata
   *[other] { $total } mosse analizzate
} (profondità { $depth }, esatta da { $empties } caselle vuote)
analysis-depth = Profondità
analysis-depth-quick = Veloce
analysis-depth-normal = Normale
analysis-depth-deep = Approfondita
analysis-left-book = Uscita dal libro delle aperture alla mossa { $number } ({ $square }).
analysis-black-ahead = nero in vantaggio
analysis-white-ahead = bianco in vantaggio
analysis-mistakes = Errori (pedine perse rispetto alla mossa migliore)
analysis-line = La linea del computer da qui: { $moves }
what-if-hint = Gioca un'altra mossa sul tavoliere per vedere che cosa avrebbe dato; la partita resta com'era.
what-if-title = Un'altra linea dalla mossa { $number }
what-if-move = { $number }. { $square } ({ $player ->
    [black] nero
   *[white] bianco
}): { $loss ->
    [0] la mossa migliore, { $value }
   *[other] { $value }, { $loss } sotto la migliore, { $best }
}
what-if-scoring = valutazione…
what-if-back = Torna alla partita
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] nero
   *[white] bianco
}) −{ $loss }, migliore { $best }
analysis-go-to = Vai alla posizione prima di questa mossa

## La partita salvata

save-title = Partita salvata
save-ok = OK
save-restore-failed = Impossibile riprendere la partita salvata ({ $error }); è stata conservata come { $path }. Inizia una nuova partita.
save-restore-failed-kept = Impossibile riprendere la partita salvata ({ $error }); non è stato possibile metterla da parte, quindi resta com'era e questa partita non sarà salvata. Inizia una nuova partita.
save-write-failed = Impossibile salvare la partita: { $error }

## Il tavoliere per i lettori di schermo

cell-empty = { $square }, vuota
cell-legal = { $square }, vuota, mossa legale
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

## Impara a giocare: l'elenco delle lezioni, il pannello della lezione e ciò che mostra ogni tentativo

menu-learn = Impara a giocare ({ $done }/{ $total })
menu-win = Impara a vincere ({ $done }/{ $total })
lessons-title = Lezioni
course-play = Impara a giocare
course-win = Impara a vincere
lessons-progress = { $done ->
    [one] 1 lezione completata
   *[other] { $done } lezioni completate
} su { $total }
lessons-open = Inizia
lessons-again = Ripeti
lessons-close = Chiudi
lesson-heading = { $course } · lezione { $number } di { $total }
lesson-step = Passo { $step } di { $steps }
lesson-complete = Lezione completata!
lesson-next = Lezione successiva
lesson-hint = Suggerimento
lesson-restart = Ricomincia
lesson-skip = Salta
lesson-all = Tutte le lezioni
lesson-to-menu = Menu principale
lesson-play-first-game = Gioca la prima partita
lesson-found = { $square }: giusto! ({ $found } di { $total })
lesson-found-move = { $square } è legale: cattura. ({ $found } di { $total })
lesson-already-found = Hai già trovato { $square }.
lesson-not-this-square = Questa è { $square }: colonna { $column }, riga { $row }.
lesson-why-occupied = { $square } è occupata: c'è già una pedina, e le pedine non vengono mai spostate né rimosse.
lesson-why-no-neighbour = { $square } non tocca nessuna pedina { $opponent ->
    [black] nera
   *[white] bianca
}, quindi non c'è nulla da catturare.
lesson-why-no-anchor = Da { $square }, ogni linea che passa per pedine { $opponent ->
    [black] nere
   *[white] bianche
} (in rosso) finisce in una casella vuota o sul bordo prima di arrivare a una pedina { $player ->
    [black] nera
   *[white] bianca
}: nulla viene catturato, quindi la mossa non è legale.
lesson-why-off-centre = Nel Reversi classico le prime quattro pedine vanno sulle quattro caselle centrali; { $square } non è una di queste.
lesson-not-this-move = { $square } è una mossa legale (le sue linee verdi catturano), ma non quella che chiede questo compito.
lesson-marked = { $count ->
    [one] Una pedina segnata.
   *[other] { $count } pedine segnate.
} Quando sei pronto, clicca { $square } per giocarla.
lesson-predict-wrong = Non proprio. Le linee verdi catturano: le loro pedine vengono girate.
# Said after it only when the board shows a red line.
lesson-predict-red = Una linea rossa finisce senza una pedina del colore di chi muove: nulla su di essa viene girato.
lesson-predict-missed = { $count ->
    [one] Viene girata anche questa (anello arancione)
   *[other] Vengono girate anche queste (anelli arancioni)
}: { $squares }
lesson-predict-wrongly = { $count ->
    [one] Questa resta com'è (croce rossa)
   *[other] Queste restano come sono (croci rosse)
}: { $squares }
lesson-hint-squares = Suggerimento: gli anelli blu mostrano dove cliccare.
lesson-hint-lines = Suggerimento: le linee verdi da { $square } mostrano tutte le pedine che vengono girate.
lesson-hint-score = Suggerimento: conta i due colori, poi assegna le caselle vuote a chi ha più pedine.

lesson-1-title = Il tavoliere e la posizione iniziale
lesson-1-intro = L'Othello si gioca su un tavoliere di 8×8 caselle. Le colonne vanno da a a h, da sinistra a destra, e le righe da 1 a 8, dall'alto in basso: così ogni casella ha un nome, come d4. La partita inizia con quattro pedine al centro: il Bianco in d4 ed e5, il Nero in d5 ed e4. Inizia sempre il Nero.
lesson-1-1 = Clicca le due pedine bianche.
lesson-1-1-done = Giusto: il Bianco parte da d4 ed e5, il Nero da d5 ed e4.
lesson-1-2 = Ora clicca la casella vuota f3.
lesson-1-2-done = Giusto: colonna f, riga 3. Con questi nomi si può trascrivere un'intera partita come elenco di mosse.
lesson-2-title = Una mossa deve catturare
lesson-2-intro = Al tuo turno collochi una pedina del tuo colore in una casella libera in modo da catturare «per custodia»: in linea retta (orizzontale, verticale o diagonale) la nuova pedina e una che hai già imprigionano una o più pedine avversarie, senza caselle vuote in mezzo.
lesson-2-1 = Muove il Nero: trova le quattro mosse legali.
lesson-2-1-done = Giusto: c4, d3, e6 e f5. Ognuna cattura una pedina bianca; nessun'altra casella cattura nulla.
lesson-3-title = Girare le pedine
lesson-3-intro = Ogni pedina catturata viene girata e passa al tuo colore. Poi tocca all'avversario, con la stessa regola.
lesson-3-1 = Gioca d3 con il Nero e guarda d4 girarsi.
lesson-3-1-done = d4 si trovava fra d3 e d5, quindi è diventata nera.
lesson-3-2 = Ora muove il Bianco: trova le sue tre mosse legali.
lesson-3-2-done = Giusto: c3, e3 e c5. Ognuna cattura una pedina nera contro una bianca.
lesson-4-title = In tutte le direzioni insieme
lesson-4-intro = Una mossa cattura in tutte le direzioni contemporaneamente: in orizzontale, in verticale e lungo le due diagonali. Non si può scegliere: la cattura è obbligatoria e non si può rinunciarvi, nemmeno in parte.
lesson-4-1 = Il Nero giocherà f6. Clicca ogni pedina bianca che secondo te verrà girata, poi clicca f6.
lesson-4-1-done = Dieci pedine in sei direzioni: b6, c6, d6 ed e6; e5 e d4; f5; g5; f7; e7.
lesson-5-title = Solo le pedine in linea
lesson-5-intro = Vengono catturate solo le pedine in linea retta con la pedina attiva, e solo fino alla prima pedina del colore di chi muove su quella linea. Le pedine oltre quella, o non in linea con la pedina attiva, restano come sono.
lesson-5-1 = Il Nero giocherà g4. Clicca ogni pedina bianca che secondo te verrà girata, poi clicca g4.
lesson-5-1-done = e4, f4 e f5 vengono girate. c4 si trova oltre la pedina nera in d4 e d7 oltre e6, quindi restano; e5 si trova fra pedine nere, ma non è in linea con g4, quindi resta bianca.
lesson-6-title = Le pedine girate non catturano
lesson-6-intro = Le pedine girate non fanno mai girare altre pedine nella stessa mossa: cattura solo la pedina appena collocata.
lesson-6-1 = Il Bianco giocherà d3. Clicca ogni pedina nera che secondo te verrà girata, poi clicca d3.
lesson-6-1-done = d4, d5 ed e4 vengono girate. e5 resta circondata da pedine bianche, eppure rimane nera: d3 non la cattura, e le pedine girate non catturano nulla.
lesson-7-title = Passare
lesson-7-intro = Chi non ha mosse legali deve passare, e l'avversario muove di nuovo. Succede da sé. Nessuno può passare se ha una mossa legale, anche se è una cattiva mossa.
lesson-7-1 = Muove il Nero: gioca una mossa legale qualsiasi.
lesson-7-1-done = Il Bianco non ha più mosse legali, quindi passa e il Nero muove di nuovo.
lesson-7-2 = Ancora il Nero: gioca una mossa legale.
lesson-7-2-done = Ora nessuno dei due può muovere: la partita è finita con una casella ancora vuota.
lesson-8-title = La fine della partita
lesson-8-intro = La partita termina quando nessuno dei due giocatori ha una mossa legale. Di solito il tavoliere è pieno, ma una partita può finire prima, per esempio quando un giocatore non ha più pedine.
lesson-8-1 = Muove il Bianco: gioca d3 o e3.
lesson-8-1-done = Al Nero resta una sola pedina.
lesson-8-2 = Muove il Nero: gioca una mossa legale qualsiasi.
lesson-8-2-done = Qualunque mossa giochi il Nero, ora il Bianco può catturare tutte le pedine nere in una volta.
lesson-8-3 = Muove il Bianco: trova la mossa che chiude la partita.
lesson-8-3-not = { $square } è legale, ma dopo il Nero potrebbe ancora muovere. Cerca la mossa che gira tutte le pedine nere.
lesson-8-3-done = Il Nero non ha più pedine, quindi nessuno può muovere: la partita è finita con gran parte del tavoliere vuoto. Vince il Bianco 64 a 0.
lesson-9-title = Contare le pedine
lesson-9-intro = A fine partita si contano le pedine: vince chi ne ha di più, e 32 a 32 è patta. Le caselle vuote vanno al vincitore. In una partita con l'orologio, chi esaurisce il tempo perde, qualunque sia la posizione.
lesson-9-1 = Nessuno dei due può muovere. Qual è il punteggio finale, Nero–Bianco?
lesson-9-1-not = Non { $score }: conta di nuovo, e ricorda che la casella vuota va al vincitore.
lesson-9-1-done = 41–23: il Nero ha 40 pedine e il Bianco 23, e la casella vuota va al vincitore, il Nero.
lesson-10-title = Una prima strategia
lesson-10-intro = Gli angoli a1, h1, a8 e h8 non possono mai essere catturati: una pedina lì resta. Le caselle in diagonale accanto agli angoli sono le caselle X, quelle accanto lungo i bordi le caselle C; giocarci presto spesso regala l'angolo all'avversario. E avere più pedine all'inizio non è meglio: i buoni giocatori tengono poche pedine e molte mosse possibili fino a tardi.
lesson-10-1 = Clicca le quattro caselle X.
lesson-10-1-done = b2, g2, b7 e g7: ognuna sta in diagonale accanto a un angolo.
lesson-10-2 = Muove il Nero: prendi l'angolo.
lesson-10-2-not = { $square } è legale, ma l'angolo a1 è la mossa migliore: una pedina in un angolo non può mai essere girata.
lesson-10-2-done = a1 è del Nero per sempre, e ha catturato le pedine bianche sulla casella X b2 e in c3.
lesson-11-title = Altri modi di giocare
lesson-11-intro = I regolamenti citano delle varianti: il Reversi classico parte dal tavoliere vuoto, nel Reversi a perdere vince chi ha meno pedine, e si gioca anche su tavolieri 6×6, 7×7 e 10×10 e su tavolieri di forma diversa. Il menu principale le offre tutte.
lesson-11-1 = Reversi classico: le prime quattro pedine vanno sulle quattro caselle centrali, una alla volta, prima il Nero. Collocale tutte e quattro.
lesson-11-1-done = Dalla quinta pedina valgono le regole consuete: ogni mossa deve catturare.
lesson-11-2 = Reversi a perdere: vince chi ha meno pedine. Gioca la mossa che gira meno pedine.
lesson-11-2-not = { $square } è legale, ma un'altra mossa gira meno pedine.
lesson-11-2-done = c6 gira una sola pedina. Nel Reversi a perdere, girarne poche di solito è un bene.
lesson-11-3 = 6×6: le stesse regole su un tavoliere più piccolo. Trova le quattro prime mosse del Nero.
lesson-11-3-done = Giusto: b3, c2, d5 ed e4.
lesson-11-4 = 10×10: un tavoliere più grande, le stesse regole. Gioca una prima mossa.
lesson-11-4-done = Il tavoliere e le regole si scelgono nel menu principale.
lesson-11-5 = L'Annexation (1870), l'antenato del gioco, si giocava su un tavoliere a croce: il 10×10 senza i quattro angoli di 3×3 caselle. Una linea si ferma dove manca una casella, come al bordo del tavoliere. Trova tutte le mosse del Nero.
lesson-11-5-done = Giusto: b4, c5 e c6. Su un tavoliere quadrato c3 catturerebbe d4 ed e5, ma c3 non fa parte della croce. Il menu offre la croce e l'ottagono accanto alle misure.
lesson-12-title = Gioca la tua prima partita
lesson-12-intro = Conosci tutte le regole. Gioca una partita contro il livello più gentile, Principiante, con le mosse legali segnate sul tavoliere.
lesson-12-1 = Pronto? Giochi con il Nero.
lesson-12-1-done = La lezione conta come completata quando la partita finisce.

## Impara a vincere: strategia, ogni affermazione controllata dal computer

lesson-13-title = Mobilità
lesson-13-intro = I giocatori forti contano le mosse, non le pedine. Chi ha più mosse tra cui scegliere può aspettarne una buona; chi ne ha poche presto dovrà giocarne una cattiva. Catturare molte pedine spesso regala nuove mosse all'avversario: cerca di lasciargli meno risposte possibili.
lesson-13-1 = Muove il Nero, che ha dieci mosse. Gioca quella che lascia al Bianco meno risposte.
lesson-13-1-not = { $square } lascia al Bianco più risposte. Conta le mosse del Bianco dopo ciascuna delle tue.
lesson-13-1-done = c7 lascia al Bianco 11 risposte; ogni altra mossa ne lascia 13 o più. Il computer è d'accordo: con 12 mosse di profondità, c7 è la mossa migliore del Nero.
lesson-14-title = Frontiera e mosse tranquille
lesson-14-intro = Una pedina accanto a una casella vuota è una pedina di frontiera: dà all'avversario qualcosa da catturare e una casella dove muovere. Una mossa tranquilla gira solo pedine già circondate, e così non apre niente di nuovo all'avversario.
lesson-14-1 = Muove il Nero. Trova la mossa tranquilla: l'unica che non gira nessuna pedina accanto a una casella vuota.
lesson-14-1-not = { $square } gira una pedina accanto a una casella vuota: una nuova pedina di frontiera per il Bianco.
lesson-14-1-done = e8 gira solo pedine interne. Con 12 mosse di profondità è la mossa migliore del Nero, di oltre due pedine.
lesson-15-title = Parità
lesson-15-intro = Verso la fine le caselle vuote si dividono in regioni. L'ultima mossa in una regione vale di più: lì nessuno può rispondere, e le sue pedine restano. In una regione con un numero dispari di caselle chi vi muove per primo di solito muove anche per ultimo. Gioca prima nelle regioni dispari e lascia le pari per dopo.
lesson-15-1 = Muove il Bianco. Le nove caselle vuote formano quattro regioni: quattro nell'angolo a1, due in f1 e g1, due in a8 e b8, e h7 da sola. Gioca nella regione dispari.
lesson-15-1-not = { $square } è in una regione pari: giocarvi per primo lascia al Nero l'ultima mossa lì.
lesson-15-1-done = h7 vince di 10 pedine con il gioco migliore di entrambi; ogni altra mossa perde. Il risolutore esatto lo dimostra.
lesson-16-title = Le tre aperture
lesson-16-intro = Dopo la prima mossa del Nero il Bianco ha tre risposte, e ognuna ha un nome. Dopo f5: d6 è l'apertura perpendicolare, f6 la diagonale e f4 la parallela. I giocatori forti scelgono quasi sempre la perpendicolare o la diagonale; la parallela dà al Nero una partita facile.
lesson-16-1 = Il Nero ha aperto con f5. Gioca l'apertura perpendicolare per il Bianco.
lesson-16-1-not = { $square } è una risposta legale, ma non la perpendicolare: quella è d6.
lesson-16-1-done = d6, l'apertura perpendicolare. Con 12 mosse di profondità è la risposta migliore del Bianco; viene poi la diagonale f6, e la parallela f4 è la più debole.
lesson-17-title = Pedine stabili
lesson-17-intro = Una pedina stabile non può più essere girata, qualunque cosa giochino i due. Un angolo è stabile, e lo è anche una fila continua di tue pedine lungo un bordo che parte da un angolo tuo. Le pedine stabili restano tue: contano alla fine.
lesson-17-1 = Muove il Nero. Clicca su ogni pedina nera che non potrà mai essere girata.
lesson-17-1-not = { $square } può ancora essere girata da qualche sequenza di mosse.
lesson-17-1-done = Da h1 a h6: l'angolo h1 e il bordo continuo che scende da lì. Ogni altra pedina nera può ancora essere girata: il programma lo ha verificato giocando ogni continuazione possibile.
lesson-18-title = Muri: meno pedine, più mosse
lesson-18-intro = Catturare molte pedine a metà partita di solito costruisce un muro: una lunga fila di tue pedine accanto a caselle vuote. Un muro regala all'avversario mosse lungo tutta la fila e te ne lascia poche. Qui il Bianco ne ha costruito uno. I giocatori forti spesso girano una sola pedina.
lesson-18-1 = Muove il Nero. d2 girerebbe cinque pedine. Trova invece la mossa migliore: ne gira una sola.
lesson-18-1-not = { $square } non è la mossa migliore qui. Cerca una mossa che giri una pedina e non crei nuova frontiera.
lesson-18-1-done = d7 gira una pedina e, con 12 mosse di profondità, è migliore di ogni altra mossa di oltre cinque pedine. d2, che ne gira cinque, è peggiore di d7 di oltre otto pedine: costruirebbe il muro del Nero stesso.
lesson-19-title = Angoli e caselle X, di nuovo
lesson-19-intro = Una casella X (b2, g2, b7, g7) è pericolosa finché il suo angolo è vuoto: una pedina lì può regalare l'angolo all'avversario. Quando l'angolo è già tuo, la casella X è una casella come le altre, e spesso buona.
lesson-19-1 = Muove il Bianco, e l'angolo a1 è del Bianco. Trova la mossa migliore del Bianco.
lesson-19-1-not = { $square } non è la mossa migliore del Bianco. Quale casella X può prendere il Bianco senza rischio?
lesson-19-1-done = b2: con l'angolo a1 del Bianco, la casella X non può regalarlo. Con 12 mosse di profondità, b2 è la mossa migliore del Bianco di oltre cinque pedine.
lesson-20-title = Un primo finale
lesson-20-intro = Con poche caselle vuote si può contare fino alla fine: prova ogni mossa, trova la risposta migliore dell'avversario e conta le pedine. Il risolutore fa proprio questo, per ogni mossa. Qui segui la sua linea fino all'ultima casella.
lesson-20-1 = Muove il Nero, e restano quattro caselle vuote. Una sola mossa vince: giocala.
lesson-20-1-not = { $square } perde se entrambi giocano al meglio. Conta che cosa può riprendersi il Bianco in risposta.
lesson-20-1-done = a1, l'angolo: l'unica mossa che vince.
lesson-20-best-not = { $square } non è la mossa migliore qui: se entrambi giocano al meglio, finisce peggio per chi la gioca.
lesson-20-2 = Ora gioca la risposta migliore del Bianco.
lesson-20-2-done = b1: la migliore del Bianco.
lesson-20-3 = Di nuovo il Nero: gioca la mossa migliore.
lesson-20-3-done = h1, l'altro angolo.
lesson-20-4 = Il Bianco gioca l'ultima casella.
lesson-20-4-done = Il tavoliere è pieno.
lesson-20-5 = Qual è il punteggio finale?
lesson-20-5-not = Non { $score }: conta di nuovo i due colori.
lesson-20-5-done = 34–30: il Nero vince di quattro, proprio il punteggio che il risolutore dava ad a1 all'inizio.
lesson-21-title = Bordi: il cuneo
lesson-21-intro = Un bordo è forte finché resta compatto. Una sola casella vuota tra due pedine di bordo dell'avversario è una breccia: una pedina messa lì non può essere ripresa lungo il bordo, spezza quel bordo in due e spesso apre la strada verso un angolo.
lesson-21-1 = Muove il Bianco. Trova il cuneo: una casella vuota di bordo tra due pedine nere. Qui è la mossa migliore del Bianco.
lesson-21-1-not = { $square } non è il cuneo. Cerca lungo i bordi una casella vuota tra due pedine nere.
lesson-21-1-done = a5 spezza il bordo del Nero, e il Nero non può riprenderla lungo il bordo. Con 12 mosse di profondità è la mossa migliore del Bianco di oltre dieci pedine.
lesson-22-title = Tempo e mosse d'attesa
lesson-22-intro = Verso la fine della partita entrambi restano senza mosse sicure, e chi le finisce per primo deve cedere qualcosa: un angolo, un bordo, l'ultima mossa. Una mossa d'attesa è una mossa sicura che cambia poco: gira poche pedine, non dà nulla di nuovo all'avversario e gli ripassa il turno. Giocane una, e sarà l'avversario a dover fare la mossa cattiva.
lesson-22-1 = Muove il Nero, che ha otto mosse e nessun angolo tra queste. Trova la mossa d'attesa: gira solo due pedine, e dopo di essa ogni mossa del Bianco dà un angolo al Nero.
lesson-22-1-not = { $square } non è la mossa d'attesa. Cerca una mossa che giri poche pedine e lasci al Bianco solo mosse cattive.
lesson-22-1-done = b3 gira solo due pedine, e ogni mossa del Bianco ora dà un angolo al Nero. a4 lascia il Bianco messo altrettanto male, ma gira sei pedine. Con 12 mosse di profondità b3 è la mossa migliore del Nero di quasi otto pedine.
lesson-23-title = Leggere i suggerimenti e l'analisi
lesson-23-intro = Con i suggerimenti attivi, il tavoliere mostra un numero su ogni mossa legale: la differenza finale di pedine che il computer prevede per chi muove dopo quella mossa, con il gioco migliore di entrambi. +4 vuol dire vincere di circa quattro pedine, −4 perdere di quattro; più alto è, meglio è. Un numero intero e sottolineato è esatto: il risolutore ha contato fino alla fine. Dopo una partita, l'analisi sotto il tavoliere disegna la partita come un grafico, mossa per mossa: sopra la linea di mezzo è avanti il Nero, sotto il Bianco, e una croce arancione segna un errore, una mossa che ha perso tre pedine o più rispetto alla migliore.
lesson-23-1 = Muove il Bianco. I numeri sul tavoliere sono i suggerimenti del computer. c8 gira più pedine: guarda il suo numero. Gioca la mossa con il numero più alto.
lesson-23-1-not = { $square } non ha il numero più alto. Confronta i numeri: il più alto è la mossa migliore.
lesson-23-1-done = f3: il numero più alto, vicino alla parità. c8, che gira cinque pedine, ha il più basso: dà al Nero le mosse e gli angoli.
lesson-23-2 = Sotto il tavoliere c'è l'analisi di una partita che il { $player ->
    [black] Nero
   *[white] Bianco
} ha perso. La croce arancione alla mossa { $number } è la mossa più costosa del { $player ->
    [black] Nero
   *[white] Bianco
}: { $square } ha perso circa { $loss ->
    [one] 1 pedina
   *[other] { $loss } pedine
}. Il tavoliere è tornato alla posizione appena precedente. Trova la mossa migliore.
lesson-23-2-done = È la mossa che ha trovato l'analisi. Il grafico mostra dove una partita è cambiata; il tavoliere mostra che cosa andava giocato lì.
lesson-24-title = Rivedi una partita che hai perso
lesson-24-intro = Ogni partita che perdi contro il computer viene conservata. Il modo più rapido per migliorare è trovare la mossa che ti è costata di più e vedere che cosa avresti dovuto giocare. Questa lezione apre la tua ultima partita persa, la analizza e riporta il tavoliere a prima della tua mossa più costosa.
lesson-24-1 = Questa è la tua partita, analizzata sotto il tavoliere. La croce arancione alla mossa { $number } è la tua mossa più costosa: { $square } ha perso circa { $loss ->
    [one] 1 pedina
   *[other] { $loss } pedine
}. Trova la mossa che avresti dovuto giocare.
lesson-24-1-done = È la mossa che ha trovato l'analisi. Dopo ogni partita persa apri Partite giocate e scegli Analizza la partita: la croce più grande è la lezione.
lesson-review-not = { $square } non è la mossa che ha trovato l'analisi. Confronta con le mosse intorno: quale tiene la tua posizione?
lesson-review-analysing = Analisi della partita in corso…
lesson-review-example = Non hai ancora perso una partita contro il computer, quindi eccone una persa dal { $player ->
    [black] Nero
   *[white] Bianco
}, analizzata sotto il tavoliere. La croce arancione alla mossa { $number } è la mossa più costosa: { $square } ha perso circa { $loss ->
    [one] 1 pedina
   *[other] { $loss } pedine
}. Il tavoliere è tornato alla posizione appena precedente. Trova la mossa migliore.

## Play a friend (online)

online-title = Gioca con un amico
online-server = Server
online-name = Il tuo nome
online-create-heading = Crea una stanza
online-colour = Il tuo colore
online-colour-random = A caso
online-clock = Orologio
online-clock-none = Nessuno
online-clock-minutes = { $minutes } min
online-board = Tavoliere: { $board } (quello scelto nel menu)
online-create = Crea una stanza
online-join-heading = Entra in una stanza
online-code = Codice o link
online-join = Entra
online-room = Stanza { $code }
online-copy-link = Copia il link
online-you = { $name } (tu)
online-connecting = Connessione al server…
online-reconnecting = Connessione persa: riconnessione…
online-waiting-friend = In attesa del tuo amico: dagli il codice della stanza o il link.
online-your-move = Tocca a te
online-waiting-return = In attesa che { $name } si riconnetta: { $seconds } s prima che la partita sia aggiudicata
online-over-resigned = { $player ->
    [black] Il Nero
   *[white] Il Bianco
} vince: l'avversario ha abbandonato
online-over-time = { $player ->
    [black] Il Nero
   *[white] Il Bianco
} vince per tempo
online-over-abandoned = { $player ->
    [black] Il Nero
   *[white] Il Bianco
} vince: l'avversario non è tornato
online-take-back-asked = { $name } chiede di ritirare l'ultima mossa
online-accept = Accetta
online-refuse = Rifiuta
online-take-back-waiting = In attesa di una risposta alla tua richiesta di ritirare la mossa
online-resign = Abbandona
online-take-back = Chiedi di ritirare
online-rematch = Rivincita (colori invertiti)
online-rematch-offered = { $name } propone la rivincita
online-rematch-waiting = Rivincita proposta: in attesa di { $name }
online-leave = Esci dalla stanza
online-public = Mostrala tra le stanze aperte
online-open-rooms = Stanze aperte
online-refresh = Aggiorna
online-open-rooms-none = Nessuna stanza aperta in attesa: creane una.
online-open-rooms-failed = Il server non ha risposto.
online-you-play = { $player ->
    [black] Giochi con il Nero
   *[white] Giochi con il Bianco
}
online-clock-increment = { $minutes } min + { $seconds } s
online-watch = Guarda
online-watching = Stai guardando questa partita.
online-watching-instead = I due posti sono occupati: stai guardando questa partita.
online-waiting-second = In attesa di un secondo giocatore
online-onlookers = { $count ->
    [one] Una persona sta guardando
   *[other] { $count } persone stanno guardando
}
online-failed-unknown-room = Nessuna stanza aperta ha quel codice.
online-failed-room-full = Quella stanza ha già due giocatori.
online-failed-version = Il server ha un'altra versione del gioco.
online-failed-bad-room = Il server non accetta quella stanza (tavoliere, orologio o nome).
online-failed-too-many = Troppe stanze aperte da questo indirizzo.
online-failed-replaced = Questo posto è stato ripreso da un'altra finestra o da un altro dispositivo.
online-failed-bad-token = Non è stato possibile riprendere il posto.
online-refused-storage = Il server non è riuscito a salvarlo: riprova.

## Partite giocate: le partite giocate fino alla fine

past-title = Partite giocate
past-none = Nessuna partita è ancora stata giocata fino alla fine. Ogni partita finita, contro l'IA, in due sullo stesso dispositivo o online, resta qui.
past-count = { $count ->
    [one] Una partita finita, la più recente per prima.
   *[other] { $count } partite finite, le più recenti per prime.
}
past-file = Salvate in { $path } (un file GGF che leggono anche altri programmi di Othello).
past-rating = { $count ->
    [one] Il tuo punteggio Elo contro i livelli dell'IA: { $rating } ± { $error }, da una partita sul tavoliere 8×8 (intervallo al 95 %).
   *[other] Il tuo punteggio Elo contro i livelli dell'IA: { $rating } ± { $error }, da { $count } partite sul tavoliere 8×8 (intervallo al 95 %).
}
past-rating-none = Gioca contro l'IA sul tavoliere 8×8 per avere un punteggio Elo contro i suoi livelli.
past-rating-scale = Il punteggio di ogni livello viene dalle partite tra i livelli: Principiante { $beginner }, Massimo { $maximum }.
past-not-written = Non è stato possibile scrivere le partite: { $error }
past-players = { $black } – { $white }
# When a game ended, in UTC: the day as 2026-11-26, the time as 09:31.
past-when = { $day } { $time }
past-unfinished = Non finita
past-open = Apri
past-open-online = Prima esci dalla partita online.
past-copy = GGF
past-copy-hint = Copia questa partita come partita GGF.
past-copy-all = Copia tutte le partite (GGF)
past-close = Chiudi
tournament-title = Torneo
tournament-not-kept = Non è stato possibile salvare o leggere il torneo: { $error }
tournament-intro = Le persone a questo dispositivo e i livelli dell'IA si affrontano in un girone all'italiana o in un torneo a sistema svizzero, con il punteggio dei tornei: la vittoria vale un punto, la patta mezzo punto, e chi è pari in punti viene separato dal quoziente Brightwell, poi dalle pedine.
tournament-board = Tavoliere: { $board }, { $rules } (come scelto nel menu principale).
tournament-players = { $count ->
    [0] Ancora nessun giocatore: aggiungine due o più.
    [one] Un giocatore: aggiungine almeno un altro.
   *[other] { $count } giocatori
}
tournament-remove = Togli dal torneo
tournament-name-hint = Il nome di un giocatore
tournament-add-person = Aggiungi questo giocatore
tournament-add-level = Aggiungi questo livello dell'IA
tournament-round-robin = Girone all'italiana
tournament-swiss = Sistema svizzero
tournament-rounds-label = { $count ->
    [one] turno
   *[other] turni
}
tournament-round-robin-about = Ognuno gioca una volta contro ciascun altro; con un numero dispari di giocatori, uno riposa a ogni turno.
tournament-swiss-about = Ogni turno abbina giocatori con lo stesso punteggio che non si sono ancora affrontati; con un numero dispari di giocatori, uno ha il bye, che vale una vittoria.
tournament-need-players = Un torneo va da 2 a { $most } giocatori.
tournament-same-name = Due giocatori si chiamano { $name }: dai a ciascuno un nome suo.
tournament-no-name = Ogni giocatore ha bisogno di un nome.
tournament-too-many-rounds = Sono più turni di quanti i giocatori ne possano giocare senza incontrarsi due volte.
tournament-round = Turno { $round } di { $rounds }
tournament-being-played = In corso
tournament-play = Gioca
tournament-rests = { $player } riposa in questo turno.
tournament-bye = { $player } ha il bye in questo turno, che vale una vittoria.
tournament-over = { $count ->
    [one] Il torneo è finito: lo vince { $winner }.
   *[other] Il torneo è finito: { $winner } sono primi a pari merito.
}
tournament-crosstable = Tabellone
tournament-tie-breaks = Punti (vittoria 1, patta ½), poi il quoziente Brightwell, BQ (le pedine del giocatore più 6 × i punti degli avversari), poi le pedine, poi le partite tra i giocatori ancora pari.
tournament-place = Pos.
tournament-player = Giocatore
tournament-points = Punti
tournament-games = Partite
tournament-discs = Pedine
tournament-bq = BQ
tournament-start = Inizia il torneo
tournament-copy-standings = Copia la classifica
tournament-copy-games = Copia le partite (GGF)
tournament-end = Chiudi il torneo
tournament-end-sure = Chiuderlo davvero? Clicca di nuovo
tournament-recorded = Registrata per il torneo: { $black }–{ $white }.
tournament-back = Torna al torneo

## Forme del tavoliere
shape-name = { $shape ->
    [cross] Croce
    [octagon] Ottagono
    [drawn] Disegnato
   *[square] Quadrato
}
board-name = { $shape ->
    [cross] Croce
    [octagon] Ottagono
    [drawn] { $size }×{ $size }, disegnato
   *[square] { $size }×{ $size }
}
shape-error-unknown = “{ $text }” non è una forma (quadrato, croce, ottagono, o le caselle tolte separate da virgole: a1,h8)
shape-error-named-size = { $shape ->
    [cross] la croce si ricava
   *[octagon] l'ottagono si ricava
} da un tavoliere 10×10, non da uno { $size }×{ $size }
shape-error-off-square = { $square } non è una casella di un tavoliere { $size }×{ $size }
shape-error-no-centre = { $square } è una casella del centro, dove vanno le prime quattro pedine: non può essere tolta
shape-error-disconnected = { $square } è staccata dal resto del tavoliere: ogni casella deve unirsi al centro attraverso caselle vicine
shape-error-picture-size = il disegno di un tavoliere ha bisogno di n×n caselle (16, 36, 49, 64, 100, 144, 196 o 256), questo ne ha { $squares }

## Problemi di finale

menu-puzzles = Problemi ({ $solved }/{ $total })
puzzles-title = Problemi di finale
puzzles-progress = { $solved ->
    [one] 1 problema risolto
   *[other] { $solved } problemi risolti
} su { $total }. Ognuno viene da una partita vera, e il risolutore ha dimostrato ogni mossa.
puzzles-daily = Problema del giorno: n. { $number } ({ $grade }, { $empties ->
    [one] 1 casella vuota
   *[other] { $empties } caselle vuote
})
puzzles-easy = Facile
puzzles-medium = Medio
puzzles-hard = Difficile
puzzles-grade = { $grade }: { $solved ->
    [one] 1 risolto
   *[other] { $solved } risolti
} su { $total }
puzzles-about = { $empties ->
    [one] 1 casella vuota
   *[other] { $empties } caselle vuote
}; { $wrong ->
    [one] 1 mossa su { $moves } non basta
   *[other] { $wrong } mosse su { $moves } non bastano
}
puzzles-close = Chiudi
puzzle-heading = Problema { $number } di { $total }
puzzle-about = { $grade } · { $empties ->
    [one] 1 casella vuota
   *[other] { $empties } caselle vuote
}
puzzle-of-the-day = problema del giorno
puzzle-task-win = Muove il { $side }. Una sola mossa vince: trovala.
puzzle-task-draw = Muove il { $side }. Nessuna mossa vince, e una sola pareggia: trovala.
puzzle-task-best = Muove il { $side }. Una mossa è migliore di tutte le altre: trovala.
puzzle-task-score = Poi indica il punteggio finale con il gioco migliore di entrambi.
puzzle-result = { $outcome ->
    [win] vince
    [draw] pareggia
   *[loss] perde
} { $black }–{ $white } (Nero–Bianco) con il gioco migliore
puzzle-not-legal = { $square } non è una mossa legale qui.
puzzle-short = { $square } { $result }. Cerca una mossa migliore.
puzzle-right-move = { $square } è la mossa! Ora il punteggio finale con il gioco migliore di entrambi:
puzzle-wrong-score = Non { $black }–{ $white }. Conta di nuovo: le caselle vuote vanno al vincitore.
puzzle-solved = Risolto: { $square } { $result }. Il numero su ogni casella è il risultato di quella mossa per il { $side }, in pedine.
puzzle-hint-regions = Suggerimento: le caselle vuote formano { $number ->
    [one] una sola regione
   *[other] regioni di { $regions } caselle
}. La mossa è nella regione blu, di { $count ->
    [one] 1 casella
   *[other] { $count } caselle
}. Chi fa l'ultima mossa in ogni regione?
puzzle-next = Problema successivo
puzzle-hint = Suggerimento
puzzle-restart = Ricomincia
puzzle-skip = Salta
puzzle-all = Tutti i problemi
puzzle-to-menu = Menu principale

## The openings explorer (the side panel) and opening practice.
explorer-title = Esploratore delle aperture
explorer-book-moves = Mosse del libro, in pedine per il { $player ->
    [black] Nero
   *[white] Bianco
} con il gioco migliore:
explorer-left-out = Mossa migliore fuori dal libro: { $value }
explorer-not-in-book = Il libro delle aperture non conosce questa posizione.
explorer-lines = Linee con un nome da qui:
explorer-line = { $name }: poi { $square } ({ $moves ->
    [one] 1 mossa
   *[other] { $moves } mosse
} in tutto)
explorer-more = …e altre { $count }
explorer-no-line = Nessuna linea con un nome continua da qui.
explorer-legend = Clicca una mossa per giocarla. Con i suggerimenti attivi, il tavoliere incornicia in oro le mosse del libro con i loro valori.
menu-practice = Allenamento aperture ({ $learned }/{ $total })
practice-title = Allenamento aperture
practice-intro = Gioca un'apertura contro il libro delle aperture. Il computer risponde con le mosse della linea, poi con quelle del libro; il libro giudica ogni tua mossa. Una linea giocata fino in fondo senza errori è imparata.
practice-colour = Giochi con:
practice-any = Una linea qualsiasi del libro
practice-any-about = Il computer sceglie tra le mosse migliori del libro; la linea finisce dove finisce il libro.
practice-progress = Aperture imparate: { $learned } su { $total }
practice-learned = imparata
practice-close = Chiudi
practice-as = { $line } · giochi con il { $player ->
    [black] Nero
   *[white] Bianco
}
practice-your-move = Tocca a te: gioca la linea.
practice-waiting = Il computer risponde dal libro…
practice-best = { $square }: la mossa migliore del libro ({ $value }).
practice-fine = { $square } va bene: { $loss } { $loss ->
    [one] pedina
   *[other] pedine
} sotto la migliore del libro, { $best }.
practice-mistake = { $square } è un errore di { $loss } { $loss ->
    [one] pedina
   *[other] pedine
}: la mossa migliore del libro era { $best } ({ $value }).
practice-unknown = { $square }: oltre la fine del libro, non giudicata.
practice-line-move = { $line }: la linea prosegue con { $square }.
practice-done-learned = Linea completata senza errori. Apertura imparata: { $line }!
practice-done-mistakes = Linea completata con { $mistakes } { $mistakes ->
    [one] errore
   *[other] errori
}. Giocala di nuovo senza errori per impararla.
practice-again = Gioca di nuovo la linea
practice-other = Un'altra apertura
practice-to-menu = Menu principale
## The three basic openings, in each language's words; the catalogue's names (Tiger, Rose, Buffalo…) are written alike everywhere.
opening-name-perpendicular = Perpendicolare
opening-name-parallel = Parallela
opening-name-diagonal = Diagonale

## The game database: the WTHOR tournament games the player adds (Settings, the main menu, the explorer).
menu-database = Archivio partite
settings-database = { $count ->
    [one] Archivio partite: una partita di torneo
   *[other] Archivio partite: { $count } partite di torneo
}
settings-database-none = Archivio partite: ancora nessuna partita
settings-database-open = Apri…
db-title = Archivio partite
db-none = Ancora nessuna partita: aggiungi qui sotto i file WTHOR della federazione francese (WTH_*.wtb, con WTHOR.JOU e WTHOR.TRN per i nomi), oppure da riga di comando con `reversi db add`.
db-count = { $count ->
    [one] Una partita di torneo, { $from }–{ $to }.
   *[other] { $count } partite di torneo, { $from }–{ $to }.
}
db-player = Giocatore
db-tournament = Torneo
db-years = Anni
db-result = Risultato
db-result-any = Qualsiasi
db-result-black = Vince il Nero
db-result-white = Vince il Bianco
db-result-draw = Patta
db-here = Solo le partite che passano per la posizione sul tavoliere (ruotata o riflessa, in qualsiasi ordine di mosse)
db-found = { $count ->
    [0] Nessuna partita trovata ({ $ms } ms).
    [one] Una partita trovata ({ $ms } ms).
   *[other] { $count } partite trovate, elencate le { $shown } più recenti ({ $ms } ms).
}
db-open = Rivedi
db-open-hint = Apri questa partita sul tavoliere alla posizione cercata (altrimenti dall'inizio), con l'analisi per scorrerla mossa per mossa.
db-close = Chiudi
db-add-title = Aggiungi file WTHOR…
db-add-how = Apri la cartella che contiene i file WTHOR; si aggiungono tutti i file WTHOR che vi si trovano:
db-add-path = una cartella, per es. ~/Scaricati/wthor
db-up = Su
db-files-here = { $count ->
    [0] Nessun file WTHOR in questa cartella.
    [one] Un file WTHOR in questa cartella.
   *[other] { $count } file WTHOR in questa cartella.
}
db-add = Aggiungi
db-add-browser = Scegli i file WTHOR (WTH_*.wtb, WTHOR.JOU, WTHOR.TRN): vengono letti qui, e l'archivio che ne nasce resta salvato in questo browser.
db-add-pick = Scegli i file…
db-adding = Lettura del file { $done } di { $total }…
db-added = { $added ->
    [0] Nessuna partita aggiunta
    [one] Una partita aggiunta
   *[other] { $added } partite aggiunte
} ({ $duplicates ->
    [0] nessuna era già presente
    [one] una era già presente
   *[other] { $duplicates } erano già presenti
}).
db-refused = { $file } rifiutato: { $reason }
db-rejected = { $count ->
    [one] Una partita danneggiata è stata esclusa.
   *[other] { $count } partite danneggiate sono state escluse.
}
db-error = Non è stato possibile leggere o scrivere l'archivio: { $error }
db-kept = Salvato in { $path } (creato dai tuoi file; mai condiviso).
explorer-db = { $count ->
    [0] Nessuna partita dell'archivio arriva a questa posizione.
    [one] Una partita dell'archivio è arrivata a questa posizione; il { $player ->
        [black] Nero
       *[white] Bianco
    } ha scelto:
   *[other] { $count } partite dell'archivio sono arrivate a questa posizione; il { $player ->
        [black] Nero
       *[white] Bianco
    } ha scelto:
}
explorer-db-none = Aggiungi partite di torneo da Impostazioni → Archivio partite per vedere che cosa hanno scelto i giocatori qui.
explorer-db-players = I giocatori più forti che l'hanno scelta (Elo dalle partite dell'archivio): { $players }
explorer-db-results = Vittorie: { $wins } · patte: { $draws } · sconfitte: { $losses }
explorer-col-move = Mossa
explorer-col-book = Libro
explorer-col-games = Partite
explorer-col-score = Punti
explorer-col-discs = Pedine
db-replaying = { $black } – { $white }, { $tournament } { $year } ({ $score })
