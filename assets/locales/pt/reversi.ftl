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
outcome-win-fewest = { $player ->
    [black] Preto
   *[white] Branco
} vence com menos discos, { $winner }–{ $loser }
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
switched-to = Agora jogando { $rules }, tabuleiro { $board } (o tabuleiro e as regras do registro colado)

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
            [1] { $depth } jogada
           *[other] { $depth } jogadas
        } à frente
    }{ $endgame ->
        [0] {""}
        [1] ; joga perfeitamente quando resta 1 quadrado vazio
       *[other] ; joga perfeitamente quando restam { $endgame } quadrados vazios
    }; { $noise ->
        [0] joga sempre a sua melhor jogada
        [1] escolhe qualquer jogada a até { $noise } disco da melhor
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
menu-black-first = as pretas (começam)
menu-black = as pretas
menu-white = as brancas
menu-ai-level = Nível da IA
menu-two-players-note = Os dois lados jogam neste aparelho, alternando a vez.
menu-clock = Relógio
menu-no-clock = Sem relógio
menu-clock-minutes = { $minutes } min por jogador
menu-start = Começar
menu-play = Jogar
menu-back = Voltar
menu-resume = Continuar
menu-online = Jogar com um amigo
menu-tournament = Torneio
menu-tournament-round = Torneio (rodada { $round } de { $rounds })
menu-past-games = Partidas jogadas
menu-settings = Configurações
menu-quit = Sair

## Configurações

settings-title = Configurações
settings-language = Idioma
settings-language-system = Idioma do sistema ({ $language })
settings-volume = Volume
settings-mute = Sem som
settings-board = Tabuleiro
settings-view = Vista
view-3d = 3D
view-flat = Plana, de cima
settings-ui = Aparência dos menus
ui-dark = Escuros
ui-light = Claros
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
settings-show-legal = Mostrar jogadas legais
settings-ai-delay = Pausa antes das jogadas da IA (s)
settings-done = Pronto

## Painel lateral e tabuleiro

panel-you = Você
panel-ai = IA · { $level }
panel-online-friend = Amigo (online)
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
panel-hints = Dicas
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
    [1] { $empty } quadrado vazio
   *[other] { $empty } quadrados vazios
} (para o vencedor)
over-discs-empties = Discos no tabuleiro: pretos { $black }, brancos { $white }, { $empty ->
    [1] { $empty } quadrado vazio
   *[other] { $empty } quadrados vazios
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
notation-illegal-pass = a jogada { $number } (caractere { $at }) é um passe, mas o lado a jogar tem uma jogada legal
notation-bad-board-char = “{ $char }” no caractere { $at } não é um quadrado (X * x preto, O 0 o branco, - . vazio, # fora do tabuleiro)
notation-missing-side = falta o lado a jogar depois dos quadrados (X ou O)
notation-bad-side = “{ $text }” no caractere { $at } não é um lado a jogar (X/B/* preto, O/W branco)
notation-board-size = um tabuleiro precisa de n×n quadrados (16, 36, 49, 64, 100, 144, 196 ou 256), este tem { $squares }
ggf-no-game = GGF: nenhum “(;” abre uma partida
ggf-not-closed = GGF, caractere { $at }: a partida não é fechada por “;)”
ggf-expected-property = GGF, caractere { $at }: esperava-se o nome de uma propriedade, encontrou-se “{ $char }”
ggf-no-value = GGF, caractere { $at }: a propriedade { $property } não tem “[valor]”
ggf-value-not-closed = GGF, caractere { $at }: a propriedade { $property } não é fechada por “]”
ggf-not-othello = GGF, caractere { $at }: o tipo de jogo GM[{ $value }] não é Othello
ggf-type-two-sizes = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] tem dois tamanhos
ggf-type-letter = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] tem uma letra desconhecida “{ $letter }”
ggf-type-no-size = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] não tem tamanho
ggf-type-size = GGF, caractere { $at }: o tipo de tabuleiro TY[{ $value }] não é um tabuleiro deste jogo (4, 6, 7, 8, 10, 12, 14, 16)
ggf-unknown-rules = GGF, caractere { $at }: RR[{ $value }] não é nem classic nem othello
ggf-variant = GGF, caractere { $at }: { $reason }
ggf-after-first-move = GGF, caractere { $at }: { $property }[…] vem depois da primeira jogada
ggf-wrong-turn = GGF, caractere { $at }: { $property }[{ $value }], mas é a vez do { $player ->
    [black] Preto
   *[white] Branco
}
ggf-board-size-missing = GGF, caractere { $at }: BO[…] não começa com o tamanho do tabuleiro { $size }
ggf-board-squares = GGF, caractere { $at }: BO[…] tem { $squares ->
    [1] 1 quadrado
   *[other] { $squares } quadrados
}, e não os { $cells } do seu tabuleiro { $size }×{ $size }

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
editor-game-over = Não é possível jogar desta posição: nenhum lado tem jogada legal aqui, então a partida já teria terminado.
editor-off = Fora do tabuleiro
editor-all-on = Todos os quadrados
editor-bad-shape = Não se pode jogar nesta forma: { $why }.

## Análise

analysis-title = Análise
analysis-run = Analisar a partida
analysis-progress = { $done } de { $total ->
    [1] { $total } jogada
   *[other] { $total } jogadas
}
analysis-done = { $total ->
    [1] { $total } jogada analisada
   *[other] { $total } jogadas analisadas
} (profundidade { $depth }, exata a partir de { $empties } quadrados vazios)
analysis-depth = Profundidade
analysis-depth-quick = Rápida
analysis-depth-normal = Normal
analysis-depth-deep = Aprofundada
analysis-left-book = Saiu do livro de aberturas na jogada { $number } ({ $square }).
analysis-black-ahead = preto à frente
analysis-white-ahead = branco à frente
analysis-mistakes = Erros (discos perdidos em relação à melhor jogada)
analysis-line = A linha do computador a partir daqui: { $moves }
what-if-hint = Faça outra jogada no tabuleiro para ver o que ela teria dado; a partida continua como estava.
what-if-title = Outra linha a partir da jogada { $number }
what-if-move = { $number }. { $square } ({ $player ->
    [black] preto
   *[white] branco
}): { $loss ->
    [0] a melhor jogada, { $value }
   *[other] { $value }, { $loss } abaixo da melhor, { $best }
}
what-if-scoring = avaliando…
what-if-back = Voltar à partida
analysis-mistake = { $number }. { $square } ({ $player ->
    [black] preto
   *[white] branco
}) −{ $loss }, melhor { $best }
analysis-go-to = Ir para a posição antes desta jogada

## A partida salva

save-title = Partida salva
save-ok = OK
save-restore-failed = Não foi possível restaurar a partida salva ({ $error }); ela foi salva como { $path }. Começa uma nova partida.
save-restore-failed-kept = Não foi possível restaurar a partida salva ({ $error }); não foi possível pô-la de lado, então ela fica como estava e esta partida não será salva. Começa uma nova partida.
save-write-failed = Não foi possível salvar a partida: { $error }

## O tabuleiro para leitores de tela

cell-empty = { $square }, vazio
cell-legal = { $square }, vazio, jogada legal
cell-disc = { $square }, { $player ->
    [black] preto
   *[white] branco
}
said-move = { $player ->
    [black] Preto
   *[white] Branco
} joga em { $square } e vira { $count ->
    [1] { $count } disco
   *[other] { $count } discos
}: { $turned }

## A tela de carregamento do navegador

web-board-label = Tabuleiro de Reversi
web-loading = Carregando…
web-loading-of = Carregando… { $mb } de { $total } MB
web-loading-mb = Carregando… { $mb } MB
web-starting = Iniciando…
web-failed = Não foi possível iniciar o jogo: { $error }

## Aprender a jogar: a lista de lições, o painel da lição e o que cada tentativa mostra

menu-learn = Aprender a jogar ({ $done }/{ $total })
menu-win = Aprender a vencer ({ $done }/{ $total })
lessons-title = Lições
course-play = Aprender a jogar
course-win = Aprender a vencer
lessons-progress = { $done } de { $total } lições concluídas
lessons-open = Começar
lessons-again = Repetir
lessons-close = Fechar
lesson-heading = { $course } · lição { $number } de { $total }
lesson-step = Passo { $step } de { $steps }
lesson-complete = Lição concluída!
lesson-next = Próxima lição
lesson-hint = Dica
lesson-restart = Recomeçar
lesson-skip = Pular
lesson-all = Todas as lições
lesson-to-menu = Menu principal
lesson-play-first-game = Jogar a primeira partida
lesson-found = { $square }: certo! ({ $found } de { $total })
lesson-found-move = { $square } é legal: cerca discos. ({ $found } de { $total })
lesson-already-found = Você já encontrou { $square }.
lesson-not-this-square = Este é { $square }: coluna { $column }, linha { $row }.
lesson-why-occupied = { $square } está ocupado: já há um disco ali, e os discos nunca são movidos nem retirados.
lesson-why-no-neighbour = { $square } não toca nenhum disco { $opponent ->
    [black] preto
   *[white] branco
}, então não há nada para cercar.
lesson-why-no-anchor = A partir de { $square }, cada linha que passa por discos { $opponent ->
    [black] pretos
   *[white] brancos
} (em vermelho) termina num quadrado vazio ou na borda antes de chegar a um disco { $player ->
    [black] preto
   *[white] branco
}: nada é cercado, então a jogada não é legal.
lesson-why-off-centre = No Reversi clássico os quatro primeiros discos vão nos quatro quadrados centrais; { $square } não é um deles.
lesson-not-this-move = { $square } é uma jogada legal (as linhas verdes cercam), mas não é a que esta tarefa pede.
lesson-marked = { $count ->
    [1] Um disco marcado.
   *[other] { $count } discos marcados.
} Quando estiver pronto, clique em { $square } para jogar.
lesson-predict-wrong = Ainda não. As linhas verdes cercam: os discos nelas são virados.
# Said after it only when the board shows a red line.
lesson-predict-red = Uma linha vermelha termina sem um disco da cor de quem joga: nada nela é virado.
lesson-predict-missed = { $count ->
    [1] Este também é virado (anel laranja)
   *[other] Estes também são virados (anéis laranja)
}: { $squares }
lesson-predict-wrongly = { $count ->
    [1] Este fica como está (cruz vermelha)
   *[other] Estes ficam como estão (cruzes vermelhas)
}: { $squares }
lesson-hint-squares = Dica: os anéis azuis mostram onde clicar.
lesson-hint-lines = Dica: as linhas verdes a partir de { $square } mostram todos os discos que são virados.
lesson-hint-score = Dica: conte as duas cores e dê os quadrados vazios a quem tem mais discos.

lesson-1-title = O tabuleiro e a posição inicial
lesson-1-intro = O Othello é jogado num tabuleiro de 8×8 quadrados. As colunas vão de a a h, da esquerda para a direita, e as linhas de 1 a 8, de cima para baixo; assim cada quadrado tem um nome, como d4. A partida começa com quatro discos no centro: Branco em d4 e e5, Preto em d5 e e4. O Preto sempre joga primeiro.
lesson-1-1 = Clique nos dois discos brancos.
lesson-1-1-done = Certo: o Branco começa em d4 e e5, o Preto em d5 e e4.
lesson-1-2 = Agora clique no quadrado vazio f3.
lesson-1-2-done = Certo: coluna f, linha 3. Com esses nomes, uma partida inteira pode ser anotada como uma lista de jogadas.
lesson-2-title = Uma jogada precisa cercar
lesson-2-intro = Na sua vez, você coloca um disco da sua cor num quadrado vazio de modo que ele cerque: em linha reta (horizontal, vertical ou diagonal), o novo disco e um que você já tem prendem um ou mais discos do oponente, sem quadrados vazios entre eles.
lesson-2-1 = O Preto joga: encontre as quatro jogadas legais.
lesson-2-1-done = Certo: c4, d3, e6 e f5. Cada uma cerca um disco branco; nenhum outro quadrado cerca nada.
lesson-3-title = Virar discos
lesson-3-intro = Todo disco cercado é virado para a sua cor. Depois é a vez do oponente, com a mesma regra.
lesson-3-1 = Jogue d3 com as pretas e veja d4 virar.
lesson-3-1-done = d4 estava entre d3 e d5, por isso ficou preto.
lesson-3-2 = Agora é a vez do Branco: encontre as três jogadas legais do Branco.
lesson-3-2-done = Certo: c3, e3 e c5. Cada uma cerca um disco preto contra um branco.
lesson-4-title = Todas as direções ao mesmo tempo
lesson-4-intro = Uma jogada vira os discos cercados em todas as direções ao mesmo tempo: na horizontal, na vertical e nas duas diagonais. Não se pode escolher: todos são virados.
lesson-4-1 = O Preto vai jogar f6. Clique em cada disco branco que você acha que será virado e depois em f6.
lesson-4-1-done = Dez discos em seis direções: b6, c6, d6 e e6; e5 e d4; f5; g5; f7; e7.
lesson-5-title = Só os discos em linha
lesson-5-intro = Só viram os discos em linha reta com o novo disco, e só até o disco mais próximo da cor de quem joga nessa linha. Os discos além dele, ou fora de linha com o novo disco, ficam como estão.
lesson-5-1 = O Preto vai jogar g4. Clique em cada disco branco que você acha que será virado e depois em g4.
lesson-5-1-done = e4, f4 e f5 são virados. c4 está além do d4 preto e d7 além de e6, por isso ficam; e5 acaba entre discos pretos, mas não está em linha com g4, então continua branco.
lesson-6-title = Discos virados não viram outros
lesson-6-intro = Os discos virados nunca fazem outros virar na mesma jogada: só o disco recém-colocado cerca.
lesson-6-1 = O Branco vai jogar d3. Clique em cada disco preto que você acha que será virado e depois em d3.
lesson-6-1-done = d4, d5 e e4 são virados. e5 fica cercado de discos brancos e mesmo assim continua preto: d3 não o cerca, e discos virados não cercam nada.
lesson-7-title = Passar a vez
lesson-7-intro = Quem não tem jogada legal passa a vez, e o oponente joga de novo. Isso acontece sozinho. Ninguém pode passar a vez tendo uma jogada legal, mesmo que seja ruim.
lesson-7-1 = O Preto joga: faça qualquer jogada legal.
lesson-7-1-done = O Branco não tem mais jogada legal, então passa a vez e o Preto joga de novo.
lesson-7-2 = O Preto de novo: faça uma jogada legal.
lesson-7-2-done = Agora nenhum dos dois pode jogar: a partida terminou com um quadrado ainda vazio.
lesson-8-title = O fim da partida
lesson-8-intro = A partida termina quando nenhum dos jogadores pode jogar. Em geral o tabuleiro já está cheio, mas uma partida pode terminar antes, por exemplo quando um lado fica sem discos.
lesson-8-1 = O Branco joga: jogue d3 ou e3.
lesson-8-1-done = O Preto ficou com um só disco.
lesson-8-2 = O Preto joga: faça qualquer jogada legal.
lesson-8-2-done = Seja qual for a jogada do Preto, o Branco agora pode cercar todos os discos pretos de uma vez.
lesson-8-3 = O Branco joga: encontre a jogada que termina a partida.
lesson-8-3-not = { $square } é legal, mas depois dela o Preto ainda poderia jogar. Procure a jogada que vira todos os discos pretos.
lesson-8-3-done = O Preto ficou sem discos, então ninguém pode jogar: a partida terminou com quase todo o tabuleiro vazio. O Branco vence por 64–0.
lesson-9-title = Contar os discos
lesson-9-intro = Quando a partida termina, contam-se os discos: vence quem tiver mais, e 32–32 é empate. Os quadrados vazios contam para o vencedor. Numa partida com relógio, quem fica sem tempo perde, seja qual for a posição.
lesson-9-1 = Nenhum dos dois pode jogar. Qual é o placar final, Preto–Branco?
lesson-9-1-not = Não é { $score }: conte de novo e lembre que o quadrado vazio vai para o vencedor.
lesson-9-1-done = 41–23: o Preto tem 40 discos e o Branco 23, e o quadrado vazio vai para o vencedor, o Preto.
lesson-10-title = Uma primeira estratégia
lesson-10-intro = Os cantos a1, h1, a8 e h8 nunca podem ser cercados: um disco ali fica para sempre. Os quadrados na diagonal ao lado dos cantos são os quadrados X, os vizinhos ao longo da borda são os quadrados C; jogar neles cedo costuma entregar o canto ao oponente. E ter mais discos no começo não é melhor: bons jogadores mantêm poucos discos e muitas jogadas legais até bem tarde na partida.
lesson-10-1 = Clique nos quatro quadrados X.
lesson-10-1-done = b2, g2, b7 e g7: cada um fica na diagonal ao lado de um canto.
lesson-10-2 = O Preto joga: ocupe o canto.
lesson-10-2-not = { $square } é legal, mas o canto a1 é a melhor jogada: um disco no canto nunca pode ser virado.
lesson-10-2-done = a1 é do Preto para sempre, e virou os discos brancos no quadrado X b2 e em c3.
lesson-11-title = Outras formas de jogar
lesson-11-intro = Os livros de regras citam variantes: o Reversi clássico começa com o tabuleiro vazio, no Anti-reversi vence quem tem menos discos, e o jogo também se joga em tabuleiros 6×6, 7×7 e 10×10 e em tabuleiros de outras formas. O menu principal oferece todos.
lesson-11-1 = Reversi clássico: os quatro primeiros discos vão nos quatro quadrados centrais, um de cada vez, o Preto primeiro. Coloque os quatro.
lesson-11-1-done = A partir do quinto disco valem as regras de sempre: toda jogada precisa cercar.
lesson-11-2 = Anti-reversi: vence quem tiver menos discos. Faça a jogada que vira menos discos.
lesson-11-2-not = { $square } é legal, mas outra jogada vira menos discos.
lesson-11-2-done = c6 vira um só disco. No Anti-reversi, virar poucos discos costuma ser bom.
lesson-11-3 = 6×6: as mesmas regras num tabuleiro menor. Encontre as quatro primeiras jogadas do Preto.
lesson-11-3-done = Certo: b3, c2, d5 e e4.
lesson-11-4 = 10×10: um tabuleiro maior, as mesmas regras. Faça uma primeira jogada.
lesson-11-4-done = Você escolhe o tabuleiro e as regras no menu principal.
lesson-11-5 = O Annexation (1870), o antepassado do jogo, era jogado numa cruz: o tabuleiro 10×10 sem os quatro cantos de 3×3 quadrados. Uma linha se interrompe onde falta um quadrado, como na borda do tabuleiro. Encontre todas as jogadas do Preto.
lesson-11-5-done = Certo: b4, c5 e c6. Num tabuleiro quadrado c3 cercaria d4 e e5, mas c3 não faz parte da cruz. O menu oferece a cruz e o octógono ao lado dos tamanhos.
lesson-12-title = Jogue a sua primeira partida
lesson-12-intro = Você já conhece todas as regras. Jogue uma partida contra o nível mais gentil, Iniciante, com as jogadas legais marcadas no tabuleiro.
lesson-12-1 = Pronto? Você joga com as pretas.
lesson-12-1-done = A lição conta como concluída quando a partida terminar.

## Aprender a vencer: estratégia, cada afirmação conferida pelo computador

lesson-13-title = Mobilidade
lesson-13-intro = Os bons jogadores contam jogadas, não discos. Quem tem mais jogadas para escolher pode esperar por uma boa; quem tem poucas logo terá de fazer uma ruim. Pegar muitos discos costuma dar novas jogadas ao oponente: procure deixar a ele o menor número de respostas possível.
lesson-13-1 = É a vez do Preto, que tem dez jogadas. Faça a que deixa ao Branco menos respostas.
lesson-13-1-not = { $square } deixa ao Branco mais respostas. Conte as jogadas do Branco depois de cada uma das suas.
lesson-13-1-done = c7 deixa ao Branco 11 respostas; qualquer outra jogada deixa 13 ou mais. O computador concorda: com 12 jogadas de profundidade, c7 é a melhor jogada do Preto.
lesson-14-title = Fronteira e jogadas silenciosas
lesson-14-intro = Um disco ao lado de um quadrado vazio é um disco de fronteira: dá ao oponente algo para cercar e um quadrado onde jogar. Uma jogada silenciosa vira só discos já rodeados, e assim não abre nada de novo para o oponente.
lesson-14-1 = É a vez do Preto. Encontre a jogada silenciosa: a única que não vira nenhum disco ao lado de um quadrado vazio.
lesson-14-1-not = { $square } vira um disco ao lado de um quadrado vazio: um novo disco de fronteira para o Branco usar.
lesson-14-1-done = e8 vira só discos de dentro. Com 12 jogadas de profundidade, é a melhor jogada do Preto por mais de dois discos.
lesson-15-title = Paridade
lesson-15-intro = No fim da partida os quadrados vazios formam regiões. A última jogada de uma região vale mais: ninguém pode responder ali, e os discos ficam. Numa região com um número ímpar de quadrados, quem joga nela primeiro costuma jogar também por último. Jogue primeiro nas regiões ímpares e deixe as pares para depois.
lesson-15-1 = É a vez do Branco. Os nove quadrados vazios formam quatro regiões: quatro no canto a1, dois em f1 e g1, dois em a8 e b8, e h7 sozinho. Jogue na região ímpar.
lesson-15-1-not = { $square } está numa região par: jogar ali primeiro dá ao Preto a última jogada dela.
lesson-15-1-done = h7 vence por 10 discos com jogo perfeito dos dois lados; qualquer outra jogada perde. O solucionador exato o prova.
lesson-16-title = As três aberturas
lesson-16-intro = Depois da primeira jogada do Preto, o Branco tem três respostas, e cada uma tem nome. Depois de f5: d6 é a abertura perpendicular, f6 a diagonal e f4 a paralela. Os bons jogadores quase sempre escolhem a perpendicular ou a diagonal; a paralela dá ao Preto um jogo fácil.
lesson-16-1 = O Preto abriu com f5. Jogue a abertura perpendicular com as brancas.
lesson-16-1-not = { $square } é uma resposta legal, mas não a perpendicular: essa é d6.
lesson-16-1-done = d6, a abertura perpendicular. Com 12 jogadas de profundidade, é a melhor resposta do Branco; a diagonal f6 vem depois, e a paralela f4 é a mais fraca.
lesson-17-title = Discos estáveis
lesson-17-intro = Um disco estável nunca mais pode ser virado, joguem o que jogarem os dois lados. Um canto é estável, e também uma linha contínua dos seus discos ao longo de uma borda que começa num canto seu. Os discos estáveis são seus para sempre: contam no fim.
lesson-17-1 = É a vez do Preto. Clique em cada disco preto que nunca poderá ser virado.
lesson-17-1-not = { $square } ainda pode ser virado por alguma sequência de jogadas.
lesson-17-1-done = De h1 a h6: o canto h1 e a borda contínua que desce dele. Qualquer outro disco preto ainda pode ser virado: o programa conferiu jogando todas as continuações possíveis.
lesson-18-title = Paredes: menos discos, mais jogadas
lesson-18-intro = Pegar muitos discos no meio da partida costuma construir uma parede: uma longa linha de discos seus ao lado de quadrados vazios. Uma parede dá ao oponente jogadas ao longo dela e deixa poucas para você. O Branco construiu uma aqui. Os bons jogadores muitas vezes viram um só disco.
lesson-18-1 = É a vez do Preto. d2 viraria cinco discos. Encontre a melhor jogada: ela vira só um.
lesson-18-1-not = { $square } não é a melhor jogada aqui. Procure uma jogada que vire um disco e não crie nova fronteira.
lesson-18-1-done = d7 vira um disco e, com 12 jogadas de profundidade, é mais de cinco discos melhor do que qualquer outra jogada. d2, que vira cinco, é mais de oito discos pior do que d7: construiria a parede do próprio Preto.
lesson-19-title = Cantos e quadrados X, de novo
lesson-19-intro = Um quadrado X (b2, g2, b7, g7) é perigoso enquanto o canto dele estiver vazio: um disco ali pode entregar o canto ao oponente. Quando o canto já é seu, o quadrado X é um quadrado como outro qualquer, e muitas vezes bom.
lesson-19-1 = É a vez do Branco, e o canto a1 é dele. Encontre a melhor jogada do Branco.
lesson-19-1-not = { $square } não é a melhor jogada do Branco. Que quadrado X o Branco pode ocupar sem risco?
lesson-19-1-done = b2: com o canto a1 do Branco, o quadrado X não pode entregá-lo. Com 12 jogadas de profundidade, b2 é a melhor jogada do Branco por mais de cinco discos.
lesson-20-title = Um primeiro final
lesson-20-intro = Com poucos quadrados vazios dá para contar até o fim: experimente cada jogada, encontre a melhor resposta do oponente e conte os discos. O solucionador faz exatamente isso, para cada jogada. Aqui você segue a linha dele até o último quadrado.
lesson-20-1 = É a vez do Preto, com quatro quadrados vazios. Só uma jogada vence: faça-a.
lesson-20-1-not = { $square } perde com jogo perfeito dos dois lados. Conte o que o Branco pode retomar na resposta.
lesson-20-1-done = a1, o canto: a única jogada que vence.
lesson-20-best-not = { $square } não é a melhor jogada aqui: com jogo perfeito dos dois lados, termina pior para quem a faz.
lesson-20-2 = Agora faça a melhor resposta do Branco.
lesson-20-2-done = b1: a melhor do Branco.
lesson-20-3 = O Preto de novo: faça a melhor jogada.
lesson-20-3-done = h1, o outro canto.
lesson-20-4 = O Branco joga no último quadrado.
lesson-20-4-done = O tabuleiro está cheio.
lesson-20-5 = Qual é o placar final?
lesson-20-5-not = Não é { $score }: conte as duas cores de novo.
lesson-20-5-done = 34–30: o Preto vence por quatro, exatamente o placar que o solucionador deu a a1 no início.
lesson-21-title = Bordas: a cunha
lesson-21-intro = Uma borda é forte enquanto se mantém inteira. Um único quadrado vazio entre dois discos de borda do oponente é uma brecha: um disco posto ali não pode ser retomado ao longo da borda, parte essa borda em duas e muitas vezes abre caminho para um canto.
lesson-21-1 = É a vez do Branco. Encontre a cunha: um quadrado vazio de borda entre dois discos pretos. Aqui é a melhor jogada do Branco.
lesson-21-1-not = { $square } não é a cunha. Procure nas bordas um quadrado vazio entre dois discos pretos.
lesson-21-1-done = a5 parte a borda do Preto, e o Preto não pode retomá-lo ao longo da borda. Com 12 jogadas de profundidade, é a melhor jogada do Branco por mais de dez discos.
lesson-22-title = Tempo: jogadas para ganhar tempo
lesson-22-intro = No fim da partida os dois lados ficam sem jogadas seguras, e quem fica sem elas primeiro tem de ceder algo: um canto, uma borda, a última jogada. Uma jogada para ganhar tempo é uma jogada segura que muda pouco: vira poucos discos, não dá nada de novo ao oponente e devolve a vez. Faça uma, e é o oponente quem terá de fazer a jogada ruim.
lesson-22-1 = É a vez do Preto: oito jogadas e nenhum canto entre elas. Encontre a jogada para ganhar tempo: ela vira só dois discos, e depois dela toda jogada do Branco dá um canto ao Preto.
lesson-22-1-not = { $square } não é a jogada para ganhar tempo. Procure uma jogada que vire poucos discos e deixe ao Branco só jogadas ruins.
lesson-22-1-done = b3 vira só dois discos, e toda jogada do Branco agora dá um canto ao Preto. a4 deixa o Branco igualmente mal, mas vira seis discos. Com 12 jogadas de profundidade, b3 é a melhor jogada do Preto por quase oito discos.
lesson-23-title = Ler as dicas e a análise
lesson-23-intro = Com as dicas ligadas, o tabuleiro mostra um número em cada jogada legal: a diferença final de discos que o computador prevê para quem joga depois dessa jogada, com jogo perfeito dos dois lados. +4 quer dizer vencer por uns quatro discos, −4 perder por quatro; quanto maior, melhor. Um número inteiro e sublinhado é exato: o solucionador contou até o fim. Depois de uma partida, a análise abaixo do tabuleiro desenha a partida como um gráfico, jogada a jogada: acima da linha do meio o Preto está à frente, abaixo o Branco, e uma cruz laranja marca um erro, uma jogada que perdeu três discos ou mais em relação à melhor.
lesson-23-1 = É a vez do Branco. Os números no tabuleiro são as dicas do computador. c8 vira mais discos: olhe o número dela. Faça a jogada com o número mais alto.
lesson-23-1-not = { $square } não tem o número mais alto. Compare os números: o mais alto é a melhor jogada.
lesson-23-1-done = f3: o número mais alto, perto do empate. c8, que vira cinco discos, tem o mais baixo: dá ao Preto as jogadas e os cantos.
lesson-23-2 = Abaixo do tabuleiro está a análise de uma partida que o { $player ->
    [black] Preto
   *[white] Branco
} perdeu. A cruz laranja na jogada { $number } é o erro mais caro do { $player ->
    [black] Preto
   *[white] Branco
}: { $square } perdeu cerca de { $loss ->
    [1] 1 disco
   *[other] { $loss } discos
}. O tabuleiro voltou para logo antes dessa jogada. Encontre a jogada melhor.
lesson-23-2-done = É a jogada que a análise encontrou. O gráfico mostra onde uma partida virou; o tabuleiro mostra o que devia ter sido jogado ali.
lesson-24-title = Reveja uma partida que você perdeu
lesson-24-intro = Toda partida que você perde para o computador fica salva. O jeito mais rápido de melhorar é encontrar a jogada que mais lhe custou e ver o que devia ter jogado. Esta lição abre sua partida perdida mais recente, analisa-a e volta o tabuleiro para antes do seu erro mais caro.
lesson-24-1 = Esta é a sua partida, com a análise abaixo do tabuleiro. A cruz laranja na jogada { $number } é o seu erro mais caro: { $square } perdeu cerca de { $loss ->
    [1] 1 disco
   *[other] { $loss } discos
}. Encontre a jogada que devia ter feito.
lesson-24-1-done = É a jogada que a análise encontrou. Depois de cada partida perdida, abra Partidas jogadas e escolha Analisar a partida: a maior cruz é a lição.
lesson-review-not = { $square } não é a jogada que a análise encontrou. Compare com as jogadas ao redor: qual mantém a sua posição?
lesson-review-analysing = A partida está sendo analisada…
lesson-review-example = Você ainda não perdeu nenhuma partida para o computador; então aqui está uma que o { $player ->
    [black] Preto
   *[white] Branco
} perdeu, com a análise abaixo do tabuleiro. A cruz laranja na jogada { $number } é o erro mais caro: { $square } perdeu cerca de { $loss ->
    [1] 1 disco
   *[other] { $loss } discos
}. O tabuleiro voltou para logo antes dessa jogada. Encontre a jogada melhor.

## Play a friend (online)

online-title = Jogar com um amigo
online-server = Servidor
online-name = Seu nome
online-create-heading = Criar uma sala
online-colour = Sua cor
online-colour-random = Aleatória
online-clock = Relógio
online-clock-none = Sem relógio
online-clock-minutes = { $minutes } min
online-board = Tabuleiro: { $board } (o escolhido no menu)
online-create = Criar uma sala
online-join-heading = Entrar numa sala
online-code = Código ou link
online-join = Entrar
online-room = Sala { $code }
online-copy-link = Copiar o link
online-you = { $name } (você)
online-connecting = Conectando ao servidor…
online-reconnecting = Conexão perdida: reconectando…
online-waiting-friend = Esperando seu amigo: passe para ele o código da sala ou o link.
online-your-move = Sua jogada
online-waiting-return = Esperando { $name } voltar: { $seconds } s antes de a partida ser decidida
online-over-resigned = { $player ->
    [black] Preto
   *[white] Branco
} vence: o oponente desistiu
online-over-time = { $player ->
    [black] Preto
   *[white] Branco
} vence por tempo
online-over-abandoned = { $player ->
    [black] Preto
   *[white] Branco
} vence: o oponente não voltou
online-take-back-asked = { $name } pede para anular a última jogada
online-accept = Aceitar
online-refuse = Recusar
online-take-back-waiting = Esperando resposta ao seu pedido para anular
online-resign = Desistir
online-take-back = Pedir para anular
online-rematch = Revanche (cores trocadas)
online-rematch-offered = { $name } propõe uma revanche
online-rematch-waiting = Revanche proposta: esperando { $name }
online-leave = Sair da sala
online-public = Mostrar entre as salas abertas
online-open-rooms = Salas abertas
online-refresh = Atualizar
online-open-rooms-none = Nenhuma sala aberta esperando: crie uma.
online-open-rooms-failed = O servidor não respondeu.
online-you-play = { $player ->
    [black] Você joga com as pretas
   *[white] Você joga com as brancas
}
online-clock-increment = { $minutes } min + { $seconds } s
online-watch = Assistir
online-watching = Você está assistindo a esta partida.
online-watching-instead = Os dois lugares estão ocupados: você está assistindo a esta partida.
online-waiting-second = Esperando um segundo jogador
online-onlookers = { $count ->
    [1] Uma pessoa está assistindo
   *[other] { $count } pessoas estão assistindo
}
online-failed-unknown-room = Nenhuma sala aberta tem esse código.
online-failed-room-full = Essa sala já tem dois jogadores.
online-failed-version = O servidor tem outra versão do jogo.
online-failed-bad-room = O servidor não aceita essa sala (tabuleiro, relógio ou nome).
online-failed-too-many = Há salas demais abertas a partir deste endereço.
online-failed-replaced = Este lugar foi retomado em outra janela ou em outro aparelho.
online-failed-bad-token = Não foi possível retomar o lugar.
online-refused-storage = O servidor não conseguiu salvar isso: tente de novo.

## Partidas jogadas: as partidas jogadas até o fim

past-title = Partidas jogadas
past-none = Nenhuma partida foi jogada até o fim ainda. Toda partida terminada, contra a IA, a dois no mesmo aparelho ou online, fica salva aqui.
past-count = { $count ->
    [1] Uma partida terminada, a mais recente primeiro.
   *[other] { $count } partidas terminadas, as mais recentes primeiro.
}
past-file = Salvas em { $path } (um arquivo GGF que outros programas de Othello também leem).
past-rating = { $count ->
    [1] Seu rating contra os níveis da IA: { $rating } ± { $error }, de uma partida no tabuleiro 8×8 (intervalo de 95%).
   *[other] Seu rating contra os níveis da IA: { $rating } ± { $error }, de { $count } partidas no tabuleiro 8×8 (intervalo de 95%).
}
past-rating-none = Jogue contra a IA no tabuleiro 8×8 para ter um rating contra os níveis dela.
past-rating-scale = O rating de cada nível vem de partidas entre os níveis: Iniciante { $beginner }, Máximo { $maximum }.
past-not-written = Não foi possível gravar as partidas: { $error }
past-players = { $black } – { $white }
# When a game ended, in UTC: the day as 2026-11-26, the time as 09:31.
past-when = { $day } { $time }
past-unfinished = Não terminada
past-open = Abrir
past-open-online = Saia primeiro da partida online.
past-copy = GGF
past-copy-hint = Copiar esta partida como registro GGF.
past-copy-all = Copiar todas as partidas (GGF)
past-close = Fechar
tournament-title = Torneio
tournament-not-kept = Não foi possível gravar ou ler o torneio: { $error }
tournament-intro = Pessoas neste aparelho e os níveis da IA se enfrentam num torneio todos contra todos ou no sistema suíço, pontuado como nos torneios: a vitória vale um ponto, o empate meio ponto, e quem fica empatado em pontos é desempatado pelo quociente de Brightwell e depois pelos discos.
tournament-board = Tabuleiro: { $board }, { $rules } (como escolhido no menu principal).
tournament-players = { $count ->
    [0] Nenhum jogador ainda: adicione dois ou mais.
    [1] Um jogador: adicione pelo menos mais um.
   *[other] { $count } jogadores
}
tournament-remove = Tirar do torneio
tournament-name-hint = O nome de um jogador
tournament-add-person = Adicionar este jogador
tournament-add-level = Adicionar este nível da IA
tournament-round-robin = Todos contra todos
tournament-swiss = Sistema suíço
tournament-rounds-label = { $count ->
    [1] rodada
   *[other] rodadas
}
tournament-round-robin-about = Cada jogador enfrenta cada um dos outros uma vez; com um número ímpar de jogadores, um folga em cada rodada.
tournament-swiss-about = Cada rodada junta jogadores com a mesma pontuação que ainda não se enfrentaram; com um número ímpar de jogadores, um fica de folga, o que vale uma vitória.
tournament-need-players = Um torneio tem de 2 a { $most } jogadores.
tournament-same-name = Dois jogadores se chamam { $name }: dê a cada um um nome próprio.
tournament-no-name = Todo jogador precisa de um nome.
tournament-too-many-rounds = São mais rodadas do que os jogadores podem jogar sem se enfrentar duas vezes.
tournament-round = Rodada { $round } de { $rounds }
tournament-being-played = Em andamento
tournament-play = Jogar
tournament-rests = { $player } folga nesta rodada.
tournament-bye = { $player } fica de folga nesta rodada, o que vale uma vitória.
tournament-over = { $count ->
    [1] O torneio terminou: { $winner } vence o torneio.
   *[other] O torneio terminou: { $winner } dividem o primeiro lugar.
}
tournament-crosstable = Tabela de confrontos
tournament-tie-breaks = Pontos (vitória 1, empate ½), depois o quociente de Brightwell, BQ (os discos do jogador mais 6 × os pontos dos oponentes), depois os discos, depois as partidas entre os jogadores ainda empatados.
tournament-place = Pos.
tournament-player = Jogador
tournament-points = Pontos
tournament-games = Partidas
tournament-discs = Discos
tournament-bq = BQ
tournament-start = Começar o torneio
tournament-copy-standings = Copiar a classificação
tournament-copy-games = Copiar as partidas (GGF)
tournament-end = Encerrar o torneio
tournament-end-sure = Encerrar mesmo? Clique mais uma vez
tournament-recorded = Registrado no torneio: { $black }–{ $white }.
tournament-back = Voltar ao torneio

## Formas do tabuleiro
shape-name = { $shape ->
    [cross] Cruz
    [octagon] Octógono
    [drawn] Desenhado
   *[square] Quadrado
}
board-name = { $shape ->
    [cross] Cruz
    [octagon] Octógono
    [drawn] { $size }×{ $size }, desenhado
   *[square] { $size }×{ $size }
}
shape-error-unknown = “{ $text }” não é uma forma (quadrado, cruz, octógono, ou os quadrados retirados separados por vírgulas: a1,h8)
shape-error-named-size = { $shape ->
    [cross] a cruz sai
   *[octagon] o octógono sai
} de um tabuleiro 10×10, não de um { $size }×{ $size }
shape-error-off-square = { $square } não é um quadrado de um tabuleiro { $size }×{ $size }
shape-error-no-centre = { $square } é um quadrado do centro, onde vão os quatro primeiros discos: não pode ser retirado
shape-error-disconnected = { $square } está separado do resto do tabuleiro: cada quadrado deve estar unido ao centro por quadrados vizinhos
shape-error-picture-size = o desenho de um tabuleiro precisa de n×n quadrados (16, 36, 49, 64, 100, 144, 196 ou 256), este tem { $squares }

## Problemas de final

menu-puzzles = Problemas ({ $solved }/{ $total })
puzzles-title = Problemas de final de partida
puzzles-progress = { $solved } de { $total } problemas resolvidos. Cada um vem de uma partida real, e o solucionador provou cada jogada.
puzzles-daily = Problema do dia: nº { $number } ({ $grade }, { $empties ->
    [1] 1 quadrado vazio
   *[other] { $empties } quadrados vazios
})
puzzles-easy = Fácil
puzzles-medium = Médio
puzzles-hard = Difícil
puzzles-grade = { $grade }: { $solved } de { $total } resolvidos
puzzles-about = { $empties ->
    [1] 1 quadrado vazio
   *[other] { $empties } quadrados vazios
}; { $wrong } de { $moves ->
    [1] 1 jogada
   *[other] { $moves } jogadas
} { $wrong ->
    [1] não basta
   *[other] não bastam
}
puzzles-close = Fechar
puzzle-heading = Problema { $number } de { $total }
puzzle-about = { $grade } · { $empties ->
    [1] 1 quadrado vazio
   *[other] { $empties } quadrados vazios
}
puzzle-of-the-day = problema do dia
puzzle-task-win = É a vez do { $side }. Só uma jogada vence: encontre-a.
puzzle-task-draw = É a vez do { $side }. Nenhuma jogada vence, e só uma empata: encontre-a.
puzzle-task-best = É a vez do { $side }. Uma jogada é melhor do que todas as outras: encontre-a.
puzzle-task-score = Depois diga o placar final com jogo perfeito dos dois lados.
puzzle-result = { $outcome ->
    [win] vence
    [draw] empata
   *[loss] perde
} por { $black }–{ $white } (Preto–Branco) com jogo perfeito
puzzle-not-legal = { $square } não é uma jogada legal aqui.
puzzle-short = { $square } { $result }. Procure uma jogada melhor.
puzzle-right-move = { $square } é a jogada! Agora o placar final com jogo perfeito dos dois lados:
puzzle-wrong-score = Não é { $black }–{ $white }. Conte de novo: os quadrados vazios vão para o vencedor.
puzzle-solved = Resolvido: { $square } { $result }. O número em cada quadrado é o resultado dessa jogada para o { $side }, em discos.
puzzle-hint-regions = Dica: os quadrados vazios formam { $number ->
    [1] uma só região
   *[other] regiões de { $regions } quadrados
}. A jogada está na região azul, de { $count ->
    [1] 1 quadrado
   *[other] { $count } quadrados
}. Quem faz a última jogada em cada região?
puzzle-next = Próximo problema
puzzle-hint = Dica
puzzle-restart = Recomeçar
puzzle-skip = Pular
puzzle-all = Todos os problemas
puzzle-to-menu = Menu principal

## The openings explorer (the side panel) and opening practice.
explorer-title = Explorador de aberturas
explorer-book-moves = Jogadas do livro, em discos para o { $player ->
    [black] Preto
   *[white] Branco
} com jogo perfeito:
explorer-left-out = Melhor jogada fora do livro: { $value }
explorer-not-in-book = O livro de aberturas não conhece esta posição.
explorer-lines = Linhas com nome a partir daqui:
explorer-line = { $name }: { $square } em seguida ({ $moves ->
    [1] 1 jogada
   *[other] { $moves } jogadas
} ao todo)
explorer-more = …e mais { $count }
explorer-no-line = Nenhuma linha com nome continua a partir daqui.
explorer-legend = Clique numa jogada para jogá-la. Com as dicas ligadas, o tabuleiro emoldura em dourado as jogadas do livro, com os seus valores.
menu-practice = Treino de aberturas ({ $learned }/{ $total })
practice-title = Treino de aberturas
practice-intro = Jogue uma abertura contra o livro de aberturas. O computador responde com as jogadas da própria linha e depois com as do livro; o livro avalia cada jogada sua. Uma linha jogada até o fim sem erros fica aprendida.
practice-colour = Você joga com:
practice-any = Qualquer linha do livro
practice-any-about = O computador escolhe entre as melhores jogadas do livro; a linha termina onde o livro termina.
practice-progress = Aberturas aprendidas: { $learned } de { $total }
practice-learned = aprendida
practice-close = Fechar
practice-as = { $line } · você joga com as { $player ->
    [black] pretas
   *[white] brancas
}
practice-your-move = Sua vez: jogue a linha.
practice-waiting = O computador responde com o livro…
practice-best = { $square }: a melhor jogada do livro ({ $value }).
practice-fine = { $square } é boa: { $loss } { $loss ->
    [1] disco
   *[other] discos
} abaixo da melhor do livro, { $best }.
practice-mistake = { $square } é um erro de { $loss } { $loss ->
    [1] disco
   *[other] discos
}: a jogada melhor do livro era { $best } ({ $value }).
practice-unknown = { $square }: além do fim do livro, sem avaliação.
practice-line-move = { $line }: a linha continua com { $square }.
practice-done-learned = Linha completa sem erros. Abertura aprendida: { $line }!
practice-done-mistakes = Linha completa com { $mistakes } { $mistakes ->
    [1] erro
   *[other] erros
}. Jogue de novo sem erros para aprendê-la.
practice-again = Jogar a linha de novo
practice-other = Outra abertura
practice-to-menu = Menu principal
## The three basic openings, in each language's words; the catalogue's names (Tiger, Rose, Buffalo…) are written alike everywhere.
opening-name-perpendicular = Perpendicular
opening-name-parallel = Paralela
opening-name-diagonal = Diagonal

## The game database: the WTHOR tournament games the player adds (Settings, the main menu, the explorer).
menu-database = Banco de partidas
settings-database = { $count ->
    [1] Banco de partidas: uma partida de torneio
   *[other] Banco de partidas: { $count } partidas de torneio
}
settings-database-none = Banco de partidas: nenhuma partida ainda
settings-database-open = Abrir…
db-title = Banco de partidas
db-none = Nenhuma partida ainda: adicione abaixo os arquivos WTHOR da federação francesa (WTH_*.wtb, com WTHOR.JOU e WTHOR.TRN para os nomes), ou na linha de comando com `reversi db add`.
db-count = { $count ->
    [1] Uma partida de torneio, { $from }–{ $to }.
   *[other] { $count } partidas de torneio, { $from }–{ $to }.
}
db-player = Jogador
db-tournament = Torneio
db-years = Anos
db-result = Resultado
db-result-any = Qualquer
db-result-black = Vitória do Preto
db-result-white = Vitória do Branco
db-result-draw = Empate
db-here = Só as partidas que passam pela posição do tabuleiro (girada ou espelhada, em qualquer ordem de jogadas)
db-found = { $count ->
    [0] Nenhuma partida encontrada ({ $ms } ms).
    [1] Uma partida encontrada ({ $ms } ms).
   *[other] { $count } partidas encontradas, as { $shown } mais recentes na lista ({ $ms } ms).
}
db-open = Rever
db-open-hint = Abre esta partida no tabuleiro na posição procurada (ou no início), com a análise para percorrê-la jogada a jogada.
db-close = Fechar
db-add-title = Adicionar arquivos WTHOR…
db-add-how = Abra a pasta com os arquivos WTHOR; todos os arquivos WTHOR dela são adicionados:
db-add-path = uma pasta, ex.: ~/Downloads/wthor
db-up = Subir
db-files-here = { $count ->
    [0] Nenhum arquivo WTHOR nesta pasta.
    [1] Um arquivo WTHOR nesta pasta.
   *[other] { $count } arquivos WTHOR nesta pasta.
}
db-add = Adicionar
db-add-browser = Escolha os arquivos WTHOR (WTH_*.wtb, WTHOR.JOU, WTHOR.TRN): eles são lidos aqui, e o banco feito com eles fica salvo neste navegador.
db-add-pick = Escolher arquivos…
db-adding = Lendo o arquivo { $done } de { $total }…
db-added = { $added ->
    [0] Nenhuma partida adicionada
    [1] Uma partida adicionada
   *[other] { $added } partidas adicionadas
} ({ $duplicates ->
    [0] nenhuma já estava lá
    [1] uma já estava lá
   *[other] { $duplicates } já estavam lá
}).
db-refused = { $file } recusado: { $reason }
db-rejected = { $count ->
    [1] Uma partida danificada ficou de fora.
   *[other] { $count } partidas danificadas ficaram de fora.
}
db-error = Não foi possível ler ou gravar o banco: { $error }
db-kept = Salvo em { $path } (feito com os seus arquivos; nunca compartilhado).
explorer-db = { $count ->
    [0] Nenhuma partida do banco chega a esta posição.
    [1] Uma partida do banco chegou a esta posição; o { $player ->
        [black] Preto
       *[white] Branco
    } jogou:
   *[other] { $count } partidas do banco chegaram a esta posição; o { $player ->
        [black] Preto
       *[white] Branco
    } jogou:
}
explorer-db-none = Adicione partidas de torneio em Configurações → Banco de partidas para ver o que os jogadores escolheram aqui.
explorer-db-players = Os jogadores mais fortes que a escolheram (Elo das partidas do banco): { $players }
explorer-db-results = Vitórias: { $wins } · empates: { $draws } · derrotas: { $losses }
explorer-col-move = Jogada
explorer-col-book = Livro
explorer-col-games = Partidas
explorer-col-score = Pontos
explorer-col-discs = Discos
db-replaying = { $black } – { $white }, { $tournament } { $year } ({ $score })
