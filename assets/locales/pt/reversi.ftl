# Reversi, português: todas as palavras que o jogo mostra a um jogador.
# O vocabulário é o das regras oficiais em português: discos, tabuleiro, cercar, virar, passar a vez.

app-name = Reversi
language-name = Português
decimal-separator = ,
percent = { $value } %

## Jogadores e resultados

player = { $player ->
    [black] Preto
   *[white] Branco
}
outcome-win = { $player ->
    [black] Preto
   *[white] Branco
} vence por { $winner }–{ $loser }
outcome-draw = Empate { $black }–{ $white }
wins-on-time = { $player ->
    [black] Preto
   *[white] Branco
} vence por tempo

## Regras

rules-othello = Othello
rules-classic = Reversi clássico
rules-anti = Anti-reversi
rules-classic-anti = Anti-reversi clássico
rules-summary-othello = { rules-othello }: quatro discos no início, vence quem tiver mais discos
rules-summary-classic = { rules-classic }: os quatro primeiros discos são colocados no centro, vence quem tiver mais discos
rules-summary-anti = { rules-anti }: as jogadas do Othello, vence quem tiver menos discos
rules-summary-classic-anti = { rules-classic-anti }: colocação livre no centro, vence quem tiver menos discos
variant-error-size = { $size } não é um tamanho de tabuleiro (4, 6, 7, 8, 10, 12, 14 ou 16)
variant-error-free-opening = A abertura livre clássica precisa de um centro de 2×2 quadrados, que um tabuleiro { $size }×{ $size } não tem
switched-to = Agora jogando { $rules } { $size }×{ $size } (o tabuleiro e as regras do registro colado)

## Níveis

level-beginner = Iniciante
level-novice = Novato
level-intermediate = Intermediário
level-advanced = Avançado
level-expert = Especialista
level-maximum = Máximo
level-description = { $selective ->
        [yes] Pesquisa tão fundo quanto { $seconds } s por jogada permitem, descartando o que julga sem esperança
       *[no] Prevê { $depth ->
            [one] { $depth } jogada
           *[other] { $depth } jogadas
        } à frente
    }{ $endgame ->
        [0] {""}
       *[other] ; joga perfeitamente quando restam { $endgame } quadrados vazios
    }; { $noise ->
        [0] joga sempre a sua melhor jogada
        [one] escolhe qualquer jogada a até { $noise } disco da melhor
       *[other] escolhe qualquer jogada a até { $noise } discos da melhor
    }{ $limit ->
        [yes] ; até { $seconds } s por jogada
       *[no] {""}
    }.{ $beginner ->
        [yes] {" "}Um jogador novo consegue vencê-lo.
       *[no] {""}
    }

## Menu principal

menu-board = Tabuleiro
menu-more-sizes = Mais tamanhos
menu-rules = Regras
menu-game = Partida
menu-against-ai = Contra a IA
menu-two-players = Dois jogadores
menu-ai-vs-ai = Assistir IA contra IA
menu-you-play = Você joga com
menu-black-first = Preto (começa)
menu-ai-level = Nível da IA
menu-two-players-note = Os dois lados jogam neste aparelho, alternando a vez.
menu-clock = Relógio
menu-no-clock = Sem relógio
menu-clock-minutes = { $minutes } min por jogador
menu-start = Começar
menu-resume = Continuar
menu-settings = Configurações
menu-quit = Sair

## Configurações

settings-title = Configurações
settings-language = Idioma
settings-language-system = Idioma do sistema ({ $language })
settings-volume = Volume
settings-mute = Sem som
settings-board = Tabuleiro
theme-classic = Verde clássico
theme-wood = Madeira
theme-dark = Escuro
theme-high-contrast = Alto contraste
settings-text-size = Tamanho do texto
settings-reduce-motion = Reduzir movimento
settings-reduce-motion-tip = Sem animações: os discos colocados aparecem e os virados mudam de uma vez
settings-animation-speed = Velocidade das animações
settings-animation-off = desligadas
settings-animation-factor = { $factor }×
settings-show-legal = Mostrar jogadas válidas
settings-ai-delay = Pausa antes das jogadas da IA (s)
settings-done = Pronto

## Painel lateral e tabuleiro

panel-you = Você
panel-human = Humano
panel-ai = IA · { $level }
panel-fewest-wins = Vence quem tiver menos discos
status-thinking = { $player ->
    [black] Preto
   *[white] Branco
} está pensando…
status-ai-to-move = Vez do { $player ->
    [black] Preto
   *[white] Branco
} (IA)
status-to-move = Vez do { $player ->
    [black] Preto
   *[white] Branco
}
panel-free-opening = Abertura livre: { $player ->
    [black] Preto
   *[white] Branco
} coloca um disco no centro
panel-opening = Abertura: { $name }
panel-new-game = Nova partida
panel-menu = Menu
panel-record = Registro
panel-record-tip = Copiar ou colar a partida
panel-analysis = Análise
panel-analysis-tip = Gráfico de avaliação e erros
panel-undo = ⟲ Desfazer
panel-undo-tip = Ctrl+Z, Backspace, botão de ombro esquerdo
panel-redo = Refazer ⟳
panel-redo-tip = Ctrl+Y, botão de ombro direito
panel-hints = Dicas (H)
panel-hints-solved = resolvido
panel-hints-depth = profundidade { $depth }
panel-moves = Jogadas
move-pass = passe
pass-banner = { $player ->
    [black] Preto
   *[white] Branco
} não tem jogada — passa a vez

## Fim de jogo

over-title = Fim de jogo
over-out-of-time = O tempo do { $player ->
    [black] Preto
   *[white] Branco
} acabou.
over-you-win = Você venceu!
over-ai-wins = A IA venceu.
over-draw = Empate.
over-discs = Discos no tabuleiro: pretos { $black }, brancos { $white }
over-discs-empties-to-winner = Discos no tabuleiro: pretos { $black }, brancos { $white }, { $empty ->
    [one] { $empty } vazio
   *[other] { $empty } vazios
} (para o vencedor)
over-discs-empties = Discos no tabuleiro: pretos { $black }, brancos { $white }, { $empty ->
    [one] { $empty } vazio
   *[other] { $empty } vazios
}
over-anti = Anti-reversi: vence quem tiver menos discos.
over-rematch = Revanche
over-new-game = Nova partida
over-look = Ver o tabuleiro

## Registro da partida

record-title = Registro da partida
record-transcript = Transcrição
record-ggf = GGF
record-board = Tabuleiro
record-copy = Copiar
record-no-moves = (ainda sem jogadas)
record-paste-help = Cole uma transcrição ({ $size }×{ $size }: f5d6c3…), uma partida GGF de qualquer tabuleiro ou um tabuleiro ({ $squares } quadrados X/O/- ou qualquer n×n, e o lado a jogar):
record-load = Carregar
record-clear = Limpar
record-editor = Editor de tabuleiro…
record-nothing = Nada para carregar: cole primeiro uma transcrição, um registro GGF ou um tabuleiro.
record-unreadable = Não foi possível ler: { $reason }. A partida atual não mudou.

## O que está errado num registro colado

notation-bad-token = “{ $token }” no caractere { $at } não é um quadrado (a1 … { $last }) nem um passe
notation-occupied = a jogada { $number } ({ $square }, caractere { $at }) é inválida: { $square } já está ocupado
notation-no-flips = a jogada { $number } ({ $square }, caractere { $at }) é inválida: { $square } não cerca nenhum disco
notation-outside-centre = a jogada { $number } ({ $square }, caractere { $at }) é inválida: { $square } não é um quadrado central (os quatro primeiros discos vão no centro)
notation-off-board = a jogada { $number } ({ $square }, caractere { $at }) é inválida: { $square } não está no tabuleiro
notation-game-over = a jogada { $number } ({ $square }, caractere { $at }) é inválida: a partida já terminou
notation-illegal-pass = a jogada { $number } (caractere { $at }) é um passe, mas o lado a jogar tem uma jogada válida
notation-board-short = um tabuleiro precisa de 64 quadrados, este tem { $squares }
notation-bad-board-char = “{ $char }” no caractere { $at } não é um quadrado (X * x preto, O 0 o branco, - . vazio)
notation-missing-side = falta o lado a jogar depois dos quadrados (X ou O)
notation-bad-side = “{ $text }” no caractere { $at } não é um lado a jogar (X/B/* preto, O/W branco)
notation-trailing = “{ $text }” inesperado no caractere { $at } depois do tabuleiro
notation-board-size = um tabuleiro precisa de n×n quadrados (16, 36, 49, 64, 100, 144, 196 ou 256), este tem { $squares }
ggf-no-game = GGF: nenhum “(;” abre uma partida
ggf-not-closed = GGF, caractere { $at }: a partida não é fechada por “;)”
ggf-expected-property = GGF, caractere { $at }: esperava-se o nome de uma propriedade, encontrou-se “{ $char }”
ggf-no-value = GGF, caractere { $at }: a propriedade { $property } não tem “[valor]”
ggf-value-not-closed = GGF, caractere { $at }: a propriedade { $property } não é fechada por “]”
ggf-not-othello = GGF, caractere { $at }: o tipo de jogo GM[{ $value }] não é Othello
ggf-not-standard-type = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] não é Othello 8×8
ggf-type-two-sizes = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] tem dois tamanhos
ggf-type-letter = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] tem uma letra desconhecida “{ $letter }”
ggf-type-no-size = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] não tem tamanho
ggf-type-size = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] não é um tabuleiro deste jogo (4, 6, 7, 8, 10, 12, 14, 16)
ggf-not-othello-start = GGF, caractere { $at }: RR[{ $value }] não é a posição inicial do Othello
ggf-unknown-rules = GGF, caractere { $at }: RR[{ $value }] não é nem classic nem othello
ggf-variant = GGF, caractere { $at }: { $reason }
ggf-after-first-move = GGF, caractere { $at }: { $property }[…] vem depois da primeira jogada
ggf-wrong-turn = GGF, caractere { $at }: { $property }[{ $value }], mas é a vez do { $player ->
    [black] Preto
   *[white] Branco
}
ggf-board-size-missing = GGF, caractere { $at }: BO[…] não começa com o tamanho do tabuleiro { $size }
ggf-board-squares = GGF, caractere { $at }: BO[…] tem { $squares } quadrados, e não os { $cells } do seu tabuleiro { $size }×{ $size }

## Editor de tabuleiro

editor-title = Editor de tabuleiro
editor-paint = Pintar
editor-empty = Vazio
editor-to-move = Joga
editor-current = Posição atual
editor-start = Posição inicial
editor-clear = Limpar
editor-counts = { $variant } · Preto { $black } · Branco { $white } · Vazios { $empty }
editor-play = Jogar daqui
editor-empty-board = Não é possível jogar desta posição: o tabuleiro está vazio. Coloque alguns discos primeiro.
editor-game-over = Não é possível jogar desta posição: nenhum lado tem jogada válida aqui, então a partida já teria terminado.

## Análise

analysis-title = Análise
analysis-run = Analisar a partida
analysis-progress = { $done } de { $total } jogadas
analysis-done = { $total } jogadas analisadas (profundidade 8, exata a partir de 14 vazios)
analysis-black-ahead = preto à frente
analysis-white-ahead = branco à frente
analysis-mistakes = Erros (discos perdidos em relação à melhor jogada)
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] preto
   *[white] branco
}) −{ $loss }
analysis-go-to = Ir para a posição antes desta jogada

## A partida salva

save-title = Partida salva
save-ok = OK
save-restore-failed = Não foi possível restaurar a partida salva ({ $error }); ela foi guardada como { $path }. Começa uma nova partida.
save-restore-failed-kept = Não foi possível restaurar a partida salva ({ $error }); não foi possível pô-la de lado, então ela fica como estava e esta partida não será salva. Começa uma nova partida.
save-write-failed = Não foi possível salvar a partida: { $error }

## O tabuleiro para leitores de tela

cell-empty = { $square }, vazio
cell-legal = { $square }, vazio, jogada válida
cell-disc = { $square }, { $player ->
    [black] preto
   *[white] branco
}
said-move = { $player ->
    [black] Preto
   *[white] Branco
} joga em { $square } e vira { $count ->
    [one] { $count } disco
   *[other] { $count } discos
}: { $turned }

## A tela de carregamento do navegador

web-board-label = Tabuleiro de Reversi
web-loading = Carregando…
web-loading-of = Carregando… { $mb } de { $total } MB
web-loading-mb = Carregando… { $mb } MB
web-starting = Iniciando…
web-failed = Não foi possível iniciar o jogo: { $error }
