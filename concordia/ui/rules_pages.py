"""The rules reference as data: one page per card and per rule topic, in English and Italian.

The text is our own summary of the rules (written from the project's reference texts,
not copied from a rulebook) and follows what the engine does (docs/rules.md). Every
page is ``{language: (title, body)}``; a body is paragraphs separated by blank lines, a
paragraph starting with "• " is a bullet and one starting with "# " a sub-heading.
Facts that live in the core's tables (a card's god, cost and decks, the god's scoring)
are not written here: :func:`page_text` adds them from :mod:`concordia.core.data`, so
they can never disagree with the rules engine.

Pure data and string handling: no pygame, safe to import anywhere in the UI and tests.
"""

from __future__ import annotations

from typing import Final

from concordia.core.data import CARD_BY_ID, CARDS, HOUSE_COINS, PRICE, STARTING_HAND, CardDef
from concordia.ui.presenters import for_card

Page = dict[str, tuple[str, str]]

#: Rule topics in reading order (cards come after them).
TOPICS: Final = (
    "goal",
    "turn",
    "houses",
    "storehouse",
    "praefectus",
    "end",
    "gods",
    "option_intermediate",
    "option_no_goods",
)

#: Card pages in reading order; :func:`card_kind` maps a card of the core to one.
CARD_KINDS: Final = (
    "tribune",
    "architect",
    "prefect",
    "mercator",
    "senator",
    "diplomat",
    "colonist",
    "consul",
    "mason",
    "farmer",
    "smith",
    "vintner",
    "weaver",
)


def card_kind(card: CardDef) -> str:
    """The page a card belongs to: its action, or the specialist's name."""
    return for_card(card.action).rules_page(card)


def page_for_card(card_id: str) -> str:
    """The page id (``"card.architect"``) of a card id of the core (``"II_architect"``)."""
    return "card." + card_kind(CARD_BY_ID[card_id])


def all_pages() -> tuple[str, ...]:
    """Every page id, in the order the reference lists them."""
    return tuple(f"topic.{t}" for t in TOPICS) + tuple(f"card.{k}" for k in CARD_KINDS)


TOPIC_PAGES: Final[dict[str, Page]] = {
    "goal": {
        "en": (
            "The aim of the game",
            "You lead a family of Roman traders. Everybody starts with the same seven "
            "cards, the same money (5 sestertii for the first player, one more for each "
            "seat after) and the same goods, with two colonists in Roma.\n\n"
            "Nobody scores during the game. At the end every card you own, played or "
            "still in your hand, scores for its god: the more cards of a god you own, the "
            "more that god's target is worth to you. Most points wins.\n\n"
            "# Example\n"
            "You own three Jupiter cards (the Architect, a Consul and the starting "
            "Diplomat) and have 9 houses outside brick cities: Jupiter gives you "
            "3 × 9 = 27 points.",
        ),
        "it": (
            "Lo scopo del gioco",
            "Guidi una famiglia di mercanti romani. Tutti partono con le stesse sette "
            "carte, lo stesso denaro (5 sesterzi al primo giocatore, uno in più per ogni "
            "posto dopo) e le stesse merci, con due coloni a Roma.\n\n"
            "Durante la partita non si fanno punti. Alla fine ogni carta che possiedi, "
            "giocata o ancora in mano, fa punti per il suo dio: più carte di un dio hai, più "
            "vale per te l'obiettivo di quel dio. Vince chi ha più punti.\n\n"
            "# Esempio\n"
            "Hai tre carte di Giove (l'Architetto, un Console e il Diplomatico iniziale) e "
            "9 case fuori dalle città dei mattoni: Giove ti dà 3 × 9 = 27 punti.",
        ),
    },
    "turn": {
        "en": (
            "A turn",
            "On your turn you play exactly one card from your hand and do what it says, "
            "in full or in part. The card goes face up on your discard pile; only its top "
            "card is visible to the others. Then the next player (clockwise) plays.\n\n"
            "Your hand shrinks as you play. The Tribune takes every played card back. "
            "Cards bought with the Senator or the Consul go into your hand and can be "
            "played from your next turn.\n\n"
            "• In this game, click a card in your hand (or press its number), make the "
            "card's choices on the board or in the action bar, then press End turn. Undo "
            "takes back a step until the turn is confirmed.\n\n"
            "# Example\n"
            "Turn 1: Architect (move and build). Turn 2: Prefect (produce). Turn 3: "
            "Mercator (sell the goods). Turn 4: Tribune (all three cards come back, no "
            "money because you took back only three).",
        ),
        "it": (
            "Il turno",
            "Nel tuo turno giochi esattamente una carta dalla mano e ne fai l'azione, del "
            "tutto o in parte. La carta va scoperta sulla tua pila degli scarti; gli altri "
            "vedono solo quella in cima. Poi gioca il giocatore successivo (in senso "
            "orario).\n\n"
            "La mano si riduce man mano che giochi. Il Tribuno riprende tutte le carte "
            "giocate. Le carte comprate con il Senatore o il Console vanno in mano e si "
            "possono giocare dal turno successivo.\n\n"
            "• In questo gioco clicca una carta della mano (o premi il suo numero), fai le "
            "scelte della carta sul tabellone o nella barra delle azioni, poi premi Fine "
            "turno. Annulla toglie un passo finché il turno non è confermato.\n\n"
            "# Esempio\n"
            "Turno 1: Architetto (muovi e costruisci). Turno 2: Prefetto (produci). "
            "Turno 3: Mercante (vendi le merci). Turno 4: Tribuno (tornano le tre carte, "
            "nessun denaro perché ne hai riprese solo tre).",
        ),
    },
    "houses": {
        "en": (
            "Building houses",
            "With the Architect you build next to your colonists: in a city at either end "
            "of a route where one of your colonists stands. A house costs coins and goods, "
            "and the coins grow with the houses already in the city.\n\n"
            "• You may own only one house per city, and nobody builds in Roma.\n\n"
            "• A house produces its city's good whenever a Prefect makes its province "
            "produce (whoever plays it), and when you play the matching specialist.\n\n"
            "# Example\n"
            "A wine city already holds one house of another player. Your house is the "
            "second one there: {wine_coins} × 2 = {wine_coins2} sestertii plus one brick and "
            "one wine.",
        ),
        "it": (
            "Costruire case",
            "Con l'Architetto costruisci accanto ai tuoi coloni: in una città a un capo di "
            "una strada dove si trova un tuo colono. Una casa costa monete e merci, e le "
            "monete crescono con le case già presenti nella città.\n\n"
            "• Puoi avere una sola casa per città, e a Roma non costruisce nessuno.\n\n"
            "• Una casa produce la merce della sua città ogni volta che un Prefetto fa "
            "produrre la sua provincia (chiunque lo giochi), e quando giochi lo specialista "
            "di quella merce.\n\n"
            "# Esempio\n"
            "In una città del vino c'è già una casa di un altro giocatore. La tua è la "
            "seconda: {wine_coins} × 2 = {wine_coins2} sesterzi più un mattone e un vino.",
        ),
    },
    "storehouse": {
        "en": (
            "The storehouse",
            "Your storehouse has 12 spaces. Every unit of a good takes one space, and so "
            "does every colonist not yet on the board. At the start 4 colonists and 6 goods "
            "fill 10 spaces.\n\n"
            "• When more goods arrive than fit, you choose which to throw away (the game "
            "asks you). Waiting colonists are never thrown away.\n\n"
            "• Placing a colonist on the board frees its space.\n\n"
            "# Example\n"
            "You hold 2 colonists and 9 goods (11 spaces) and a Prefect gives you 3 more "
            "goods: 14 is two too many, so you throw away two goods of your choice, for "
            "example your cheapest bricks.",
        ),
        "it": (
            "Il magazzino",
            "Il tuo magazzino ha 12 spazi. Ogni unità di merce occupa uno spazio, e così "
            "ogni colono non ancora sul tabellone. All'inizio 4 coloni e 6 merci occupano 10 "
            "spazi.\n\n"
            "• Quando arrivano più merci di quante ne entrino, scegli tu quali buttare (il "
            "gioco te lo chiede). I coloni in attesa non si buttano mai.\n\n"
            "• Mettere un colono sul tabellone libera il suo spazio.\n\n"
            "# Esempio\n"
            "Hai 2 coloni e 9 merci (11 spazi) e un Prefetto te ne dà altre 3: 14 sono due "
            "di troppo, quindi butti due merci a tua scelta, per esempio i mattoni che valgono "
            "meno.",
        ),
    },
    "praefectus": {
        "en": (
            "Praefectus Magnus",
            "The Praefectus Magnus card starts with the last player in turn order. When "
            "its holder plays a Prefect (or copies one with the Diplomat) to make a "
            "province produce, the bonus good of that province comes twice. Then the card "
            "passes to the player on the right (the one who played just before).\n\n"
            "• Taking the Prefect's cash does not use it, and specialists ignore it.\n\n"
            "• It also breaks ties at the end (see End of the game).\n\n"
            "# Example\n"
            "You hold Praefectus Magnus and make a wine province produce: you get 2 wine "
            "from the bonus marker instead of 1, plus the wine of your houses there.",
        ),
        "it": (
            "Praefectus Magnus",
            "La carta Praefectus Magnus parte dall'ultimo giocatore nell'ordine di turno. "
            "Quando chi la possiede gioca un Prefetto (o lo copia con il Diplomatico) per far "
            "produrre una provincia, la merce bonus di quella provincia arriva doppia. Poi la "
            "carta passa al giocatore a destra (quello che ha giocato appena prima).\n\n"
            "• Prendere il denaro del Prefetto non la usa, e gli specialisti la ignorano.\n\n"
            "• Decide anche i pareggi alla fine (vedi Fine della partita).\n\n"
            "# Esempio\n"
            "Hai il Praefectus Magnus e fai produrre una provincia del vino: prendi 2 vini "
            "dal segnalino bonus invece di 1, più il vino delle tue case lì.",
        ),
    },
    "end": {
        "en": (
            "End of the game and ties",
            "The end comes when a player buys the last card of the display (no cards left "
            "to refill it) or builds their 15th house. That player takes the Concordia card "
            "({concordia} points); every other player then has one last turn, and the game "
            "is scored.\n\n"
            "• Every card you own scores for its god, whether in your hand or played.\n\n"
            "• A tie goes to the holder of Praefectus Magnus; if neither tied player holds "
            "it, to the one who would receive it first (it travels to the right).\n\n"
            "# Example\n"
            "Livia builds her 15th house and takes the Concordia card. Marcus and you each "
            "play one more card; then the table is scored.",
        ),
        "it": (
            "Fine della partita e pareggi",
            "La fine arriva quando un giocatore compra l'ultima carta dell'esposizione (non "
            "restano carte per riempirla) o costruisce la sua quindicesima casa. Quel "
            "giocatore prende la carta Concordia ({concordia} punti); ogni altro giocatore "
            "fa un ultimo turno, e si contano i punti.\n\n"
            "• Ogni carta che possiedi fa punti per il suo dio, in mano o giocata.\n\n"
            "• Un pareggio va a chi ha il Praefectus Magnus; se nessuno dei giocatori pari "
            "lo ha, a quello che lo riceverebbe per primo (passa verso destra).\n\n"
            "# Esempio\n"
            "Livia costruisce la quindicesima casa e prende la carta Concordia. Marcus e tu "
            "giocate ancora una carta ciascuno; poi si contano i punti.",
        ),
    },
    "gods": {
        "en": (
            "The gods",
            "Each card belongs to a god, shown on the card. At the end, for every card you "
            "own, you score its god's target once:\n\n"
            "{god_lines}\n\n"
            "# Example\n"
            "Two Mars cards (Tribune and a Colonist) and 5 colonists on the board: "
            "2 × (2 × 5) = 20 points.",
        ),
        "it": (
            "Gli dei",
            "Ogni carta appartiene a un dio, indicato sulla carta. Alla fine, per ogni carta "
            "che possiedi, conti una volta l'obiettivo del suo dio:\n\n"
            "{god_lines}\n\n"
            "# Esempio\n"
            "Due carte di Marte (Tribuno e un Colono) e 5 coloni sul tabellone: "
            "2 × (2 × 5) = 20 punti.",
        ),
    },
    "option_intermediate": {
        "en": (
            "Option: intermediate scoring",
            "When this option is on, each player's score is noted the first time they play "
            "a Tribune (as if the game ended then). Once every player has a noted score, "
            "the highest gets 2 sestertii and the second 1. Players who share a place share "
            "its reward; a shared first place leaves no second.\n\n"
            "# Example\n"
            "Noted scores 31, 28 and 28: the first player gets 2 sestertii and both players "
            "on 28 get 1.",
        ),
        "it": (
            "Opzione: punteggio intermedio",
            "Con questa opzione il punteggio di ogni giocatore viene annotato la prima volta "
            "che gioca un Tribuno (come se la partita finisse lì). Quando tutti hanno un "
            "punteggio annotato, il più alto riceve 2 sesterzi e il secondo 1. Chi condivide "
            "un posto ne riceve il premio; un primo posto condiviso non lascia un secondo.\n\n"
            "# Esempio\n"
            "Punteggi annotati 31, 28 e 28: il primo riceve 2 sesterzi e i due a 28 ne "
            "ricevono 1 ciascuno.",
        ),
    },
    "option_no_goods": {
        "en": (
            "Option: start without goods",
            "Everybody starts with an empty storehouse except the 4 waiting colonists, and "
            "with 25 sestertii (one more for each later seat) instead of 5. Before their "
            "first card each player buys whatever goods they like at the bank prices, then "
            "finishes.\n\n"
            "# Example\n"
            "With 25 sestertii you buy 2 food and 1 tool (4 + 4 + 5 = 13) and keep 12 for "
            "the first houses.",
        ),
        "it": (
            "Opzione: partenza senza merci",
            "Tutti partono con il magazzino vuoto, salvo i 4 coloni in attesa, e con 25 "
            "sesterzi (uno in più per ogni posto successivo) invece di 5. Prima della prima "
            "carta ognuno compra le merci che vuole ai prezzi della banca, poi termina.\n\n"
            "# Esempio\n"
            "Con 25 sesterzi compri 2 cibi e 1 attrezzo (4 + 4 + 5 = 13) e tieni 12 per le "
            "prime case.",
        ),
    },
}

CARD_PAGES: Final[dict[str, Page]] = {
    "tribune": {
        "en": (
            "Tribune",
            "Take every card of your discard pile back into your hand. If that is more "
            "than three cards (the Tribune counts), the bank pays you 1 sestertius for each "
            "card beyond the third.\n\n"
            "Then you may buy one new colonist for 1 food and 1 tool: it comes from your "
            "storehouse and stands in Roma.\n\n"
            "# Example\n"
            "You have played five cards and now the Tribune: six come back, so you receive "
            "3 sestertii. You pay 1 food and 1 tool and a land colonist appears in Roma.",
        ),
        "it": (
            "Tribuno",
            "Riprendi in mano tutte le carte della tua pila degli scarti. Se sono più di tre "
            "(il Tribuno conta), la banca ti paga 1 sesterzio per ogni carta oltre la "
            "terza.\n\n"
            "Poi puoi comprare un nuovo colono per 1 cibo e 1 attrezzo: esce dal tuo "
            "magazzino e va a Roma.\n\n"
            "# Esempio\n"
            "Hai giocato cinque carte e ora il Tribuno: ne tornano sei, quindi ricevi 3 "
            "sesterzi. Paghi 1 cibo e 1 attrezzo e un colono di terra compare a Roma.",
        ),
    },
    "architect": {
        "en": (
            "Architect",
            "First move, then build. You have as many movement points as you have "
            "colonists on the board. Each step takes a colonist from its route to the next "
            "route through a city; land colonists follow land routes, sea colonists sea "
            "routes, and a colonist must end on a route no other colonist holds. You may "
            "split the points among your colonists.\n\n"
            "Then build houses in the cities at the ends of routes holding your colonists, "
            "as many as you can pay for. The first house ends the moving.\n\n"
            "# Example\n"
            "Two colonists on the board give 2 points. Your land colonist moves two routes "
            "to stand next to a tool city with no house yet: it costs {tool_coins} "
            "sestertii, 1 brick and 1 tool.",
        ),
        "it": (
            "Architetto",
            "Prima muovi, poi costruisci. Hai tanti punti movimento quanti coloni hai sul "
            "tabellone. Ogni passo porta un colono dalla sua strada alla successiva "
            "attraverso una città; i coloni di terra seguono le strade di terra, quelli di "
            "mare le rotte marittime, e un colono deve finire su una strada libera da altri "
            "coloni. Puoi dividere i punti tra i tuoi coloni.\n\n"
            "Poi costruisci case nelle città ai capi delle strade con i tuoi coloni, quante "
            "ne puoi pagare. La prima casa chiude il movimento.\n\n"
            "# Esempio\n"
            "Due coloni sul tabellone danno 2 punti. Il tuo colono di terra fa due strade e "
            "arriva accanto a una città degli attrezzi ancora vuota: costa {tool_coins} "
            "sesterzi, 1 mattone e 1 attrezzo.",
        ),
    },
    "prefect": {
        "en": (
            "Prefect",
            "Either make one province produce, or take money.\n\n"
            "• Produce: pick a province whose bonus marker shows its good. You take that "
            "good once (twice with Praefectus Magnus); then every house in the province "
            "makes its city's good for its owner, whoever that is. The marker turns to "
            "its coin side.\n\n"
            "• Money: take the coins shown on all turned markers; they all turn back to "
            "their goods, ready to produce again.\n\n"
            "# Example\n"
            "A food province with your house and two of Livia's: you get 1 food from the "
            "marker plus 1 from your house, and Livia gets 2. Later a Prefect's cash with "
            "three turned markers pays their coins, for example 2 + 2 + 1 = 5.",
        ),
        "it": (
            "Prefetto",
            "Fai produrre una provincia, oppure prendi denaro.\n\n"
            "• Produrre: scegli una provincia il cui segnalino bonus mostra la sua merce. "
            "Prendi quella merce una volta (due con il Praefectus Magnus); poi ogni casa "
            "della provincia produce la merce della sua città per il suo proprietario, "
            "chiunque sia. Il segnalino si gira sul lato delle monete.\n\n"
            "• Denaro: prendi le monete mostrate da tutti i segnalini girati; tornano tutti "
            "sul lato della merce, pronti a produrre di nuovo.\n\n"
            "# Esempio\n"
            "Una provincia del cibo con una tua casa e due di Livia: prendi 1 cibo dal "
            "segnalino più 1 dalla tua casa, e Livia ne prende 2. Più tardi il denaro di un "
            "Prefetto con tre segnalini girati paga le loro monete, per esempio 2 + 2 + 1 = 5.",
        ),
    },
    "mercator": {
        "en": (
            "Mercator",
            "Take money from the bank (3 sestertii with the starting card, 5 with a bought "
            "one), then trade with the bank in up to two kinds of goods, buying or selling "
            "as many as you like of each.\n\n"
            "Prices: {prices}.\n\n"
            "# Example\n"
            "With the starting Mercator you take 3, sell 2 wine for 12 and buy 1 cloth for "
            "7: 8 sestertii more and a cloth for a house.",
        ),
        "it": (
            "Mercante",
            "Prendi denaro dalla banca (3 sesterzi con la carta iniziale, 5 con una "
            "comprata), poi commercia con la banca fino a due tipi di merci, comprando o "
            "vendendo quante unità vuoi di ciascuno.\n\n"
            "Prezzi: {prices}.\n\n"
            "# Esempio\n"
            "Con il Mercante iniziale prendi 3, vendi 2 vini per 12 e compri 1 stoffa per "
            "7: 8 sesterzi in più e una stoffa per una casa.",
        ),
    },
    "senator": {
        "en": (
            "Senator",
            "Buy up to two cards from the display. Each costs the goods printed on it plus "
            "the extra shown above its place in the display (further right is dearer: an "
            "'any' good of your choice or cloth). Bought cards go into your hand.\n\n"
            "The display then slides left and is refilled from the pile.\n\n"
            "# Example\n"
            "The second card is a Farmer (brick and food) with an 'any' surcharge: you "
            "pay brick, food and one wine. The first card, an Architect (tool), costs just "
            "a tool.",
        ),
        "it": (
            "Senatore",
            "Compra fino a due carte dall'esposizione. Ognuna costa le merci stampate sopra "
            "più il sovrapprezzo indicato sopra il suo posto nell'esposizione (più a destra "
            "costa di più: una merce a scelta o stoffa). Le carte comprate vanno in mano.\n\n"
            "Poi l'esposizione scorre a sinistra e si riempie dalla pila.\n\n"
            "# Esempio\n"
            "La seconda carta è un Contadino (mattone e cibo) con un sovrapprezzo 'a "
            "scelta': paghi mattone, cibo e un vino. La prima, un Architetto (attrezzo), "
            "costa solo un attrezzo.",
        ),
    },
    "consul": {
        "en": (
            "Consul",
            "Buy one card from the display, paying only the goods printed on the card: "
            "the surcharge of its place does not apply.\n\n"
            "# Example\n"
            "A Weaver (brick and cloth) lies in the last place, where the Senator would "
            "add two cloth. With the Consul you pay one brick and one cloth.",
        ),
        "it": (
            "Console",
            "Compra una carta dall'esposizione pagando solo le merci stampate sulla carta: "
            "il sovrapprezzo del suo posto non si paga.\n\n"
            "# Esempio\n"
            "Un Tessitore (mattone e stoffa) è nell'ultimo posto, dove il Senatore "
            "aggiungerebbe due stoffe. Con il Console paghi un mattone e una stoffa.",
        ),
    },
    "diplomat": {
        "en": (
            "Diplomat",
            "Do the action of the top card of another player's discard pile, as if you "
            "had played it yourself (a copied bought Mercator pays 5). A Diplomat on top "
            "cannot be copied, and a player who just played a Tribune has nothing on "
            "top.\n\n"
            "For scoring the Diplomat keeps its own god, not the god of the card copied.\n\n"
            "# Example\n"
            "Marcus just played a Prefect. Your Diplomat copies it: you make a province "
            "produce, and your Diplomat still scores for its own god.",
        ),
        "it": (
            "Diplomatico",
            "Esegui l'azione della carta in cima agli scarti di un altro giocatore, come se "
            "l'avessi giocata tu (un Mercante comprato copiato paga 5). Un Diplomatico in "
            "cima non si copia, e chi ha appena giocato un Tribuno non ha nulla in cima.\n\n"
            "Per i punti il Diplomatico tiene il suo dio, non quello della carta copiata.\n\n"
            "# Esempio\n"
            "Marcus ha appena giocato un Prefetto. Il tuo Diplomatico lo copia: fai "
            "produrre una provincia, e il Diplomatico fa comunque punti per il suo dio.",
        ),
    },
    "colonist": {
        "en": (
            "Colonist",
            "Either place new colonists or take money.\n\n"
            "• Place: for each colonist pay 1 food and 1 tool and put it, from your "
            "storehouse, in Roma or in a city where you own a house (land or sea).\n\n"
            "• Money: 5 sestertii plus 1 for each of your colonists on the board.\n\n"
            "# Example\n"
            "With 4 colonists on the board the money is 5 + 4 = 9 sestertii. Or, with 2 "
            "food and 2 tools, you place two colonists and have 6 on the board: 6 movement "
            "points for the next Architect.",
        ),
        "it": (
            "Colono",
            "Metti nuovi coloni oppure prendi denaro.\n\n"
            "• Mettere: per ogni colono paga 1 cibo e 1 attrezzo e mettilo, dal tuo "
            "magazzino, a Roma o in una città dove hai una casa (di terra o di mare).\n\n"
            "• Denaro: 5 sesterzi più 1 per ogni tuo colono sul tabellone.\n\n"
            "# Esempio\n"
            "Con 4 coloni sul tabellone il denaro è 5 + 4 = 9 sesterzi. Oppure, con 2 cibi "
            "e 2 attrezzi, metti due coloni e ne hai 6 sul tabellone: 6 punti movimento per "
            "il prossimo Architetto.",
        ),
    },
}

_SPECIALIST_EXAMPLE: Final[dict[str, tuple[str, str]]] = {
    "en": (
        "Specialist: {name}",
        "Every city making {good} where you own a house produces one {good} for you, in "
        "every province at once. Nobody else produces, no bonus marker is used and "
        "Praefectus Magnus does not matter.\n\n"
        "For Minerva this card scores {vp} points for each of your houses in a {good} "
        "city.\n\n"
        "# Example\n"
        "You own houses in three {good} cities: playing the {name} gives 3 {good}, and at "
        "the end the card scores 3 × {vp} = {vp3} points.",
    ),
    "it": (
        "Specialista: {name}",
        "Ogni città di {good} in cui hai una casa produce per te un {good}, in tutte le "
        "province insieme. Nessun altro produce, non si usa il segnalino bonus e il "
        "Praefectus Magnus non conta.\n\n"
        "Per Minerva questa carta fa {vp} punti per ogni tua casa in una città di {good}."
        "\n\n"
        "# Esempio\n"
        "Hai case in tre città di {good}: giocando il {name} prendi 3 {good}, e alla "
        "fine la carta fa 3 × {vp} = {vp3} punti.",
    ),
}

GOD_SCORING: Final[dict[str, dict[str, str]]] = {
    "en": {
        "Vesta": "1 point per full 10 sestertii of your money plus your goods sold at the "
        "bank prices",
        "Jupiter": "1 point per house of yours in a city that does not make brick (at most 15)",
        "Saturnus": "1 point per province holding at least one house of yours",
        "Mercurius": "2 points per kind of good your houses make (at most 10)",
        "Mars": "2 points per colonist of yours on the board (at most 12)",
        "Minerva": "the card's points for each house of yours in a city of the specialist's good",
    },
    "it": {
        "Vesta": "1 punto ogni 10 sesterzi interi del tuo denaro più le tue merci vendute "
        "ai prezzi della banca",
        "Jupiter": "1 punto per ogni tua casa in una città che non produce mattoni (al massimo 15)",
        "Saturnus": "1 punto per ogni provincia con almeno una tua casa",
        "Mercurius": "2 punti per ogni tipo di merce prodotto dalle tue case (al massimo 10)",
        "Mars": "2 punti per ogni tuo colono sul tabellone (al massimo 12)",
        "Minerva": "i punti della carta per ogni tua casa in una città della merce dello "
        "specialista",
    },
}

GOD_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {g: g for g in GOD_SCORING["en"]},
    "it": {
        "Vesta": "Vesta",
        "Jupiter": "Giove",
        "Saturnus": "Saturno",
        "Mercurius": "Mercurio",
        "Mars": "Marte",
        "Minerva": "Minerva",
    },
}

GOOD_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {g: g for g in ("brick", "food", "tool", "wine", "cloth")},
    "it": {
        "brick": "mattone",
        "food": "cibo",
        "tool": "attrezzo",
        "wine": "vino",
        "cloth": "stoffa",
    },
}

CARD_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {k: k.capitalize() for k in CARD_KINDS},
    "it": {
        "tribune": "Tribuno",
        "architect": "Architetto",
        "prefect": "Prefetto",
        "mercator": "Mercante",
        "senator": "Senatore",
        "diplomat": "Diplomatico",
        "colonist": "Colono",
        "consul": "Console",
        "mason": "Muratore",
        "farmer": "Contadino",
        "smith": "Fabbro",
        "vintner": "Vignaiolo",
        "weaver": "Tessitore",
    },
}

_FACT_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "facts": "On the card",
        "god": "God",
        "scores": "How {god} scores (once per card)",
        "cost": "Cost to buy",
        "starting": "a starting card (every player has it)",
        "starting_two": "two starting cards (every player has them)",
        "deck": "sold from deck {decks}",
        "free": "no goods",
        "house_table": "House prices (coins × houses in the city after building, plus goods)",
    },
    "it": {
        "facts": "Sulla carta",
        "god": "Dio",
        "scores": "Come fa punti {god} (una volta per carta)",
        "cost": "Costo d'acquisto",
        "starting": "una carta iniziale (ogni giocatore ne ha una)",
        "starting_two": "due carte iniziali (ogni giocatore ne ha due)",
        "deck": "in vendita dal mazzo {decks}",
        "free": "nessuna merce",
        "house_table": "Prezzi delle case (monete × case nella città dopo la costruzione, "
        "più le merci)",
    },
}

_HOUSE_GOODS: Final = (
    ("brick", ("food",)),
    ("food", ("brick", "food")),
    ("tool", ("brick", "tool")),
    ("wine", ("brick", "wine")),
    ("cloth", ("brick", "cloth")),
)


def _lang(language: str) -> str:
    return language if language in ("en", "it") else "en"


def title(page: str, language: str) -> str:
    """The title of ``page`` in ``language`` (English for an unknown language).

    Raises:
        KeyError: there is no such page.
    """
    return page_text(page, language)[0]


def page_text(page: str, language: str) -> tuple[str, str]:
    """(title, body) of ``page`` with the facts from the core's tables filled in.

    Raises:
        KeyError: there is no such page.
    """
    lang = _lang(language)
    kind, _, key = page.partition(".")
    if kind == "topic":
        head, body = TOPIC_PAGES[key][lang]
        return head, _fill(body, lang)
    if kind != "card" or key not in CARD_KINDS:
        raise KeyError(page)
    cards = [c for c in CARDS if card_kind(c) == key]
    goods = GOOD_NAMES[lang]
    if key in CARD_PAGES:
        head, body = CARD_PAGES[key][lang]
        body = _fill(body, lang)
    else:
        spec = cards[0]
        good = goods[spec.good or "brick"]
        head, body = _SPECIALIST_EXAMPLE[lang]
        fmt = {
            "name": CARD_NAMES[lang][key],
            "good": good,
            "vp": spec.minerva_vp,
            "vp3": 3 * spec.minerva_vp,
        }
        head, body = head.format(**fmt), body.format(**fmt)
    return head, body + "\n\n" + _card_facts(cards, lang)


def _card_facts(cards: list[CardDef], lang: str) -> str:
    words = _FACT_WORDS[lang]
    goods = GOOD_NAMES[lang]
    gods = GOD_NAMES[lang]
    lines = [f"# {words['facts']}"]
    by_god: dict[str, list[CardDef]] = {}
    for c in cards:
        by_god.setdefault(c.god, []).append(c)
    for god, group in by_god.items():
        starting = [c for c in group if c.deck is None]
        sold = [c for c in group if c.deck is not None]
        where: list[str] = []
        if starting:
            copies = sum(STARTING_HAND.count(c.id) for c in starting)
            where.append(words["starting"] if copies == 1 else words["starting_two"])
        if sold:
            costs = {" + ".join(goods[g] for g in c.cost) or words["free"] for c in sold}
            if len(costs) == 1:  # one price for every deck
                decks = ", ".join(str(c.deck) for c in sold)
                where.append(f"{words['deck'].format(decks=decks)}. {words['cost']}: {costs.pop()}")
            else:
                decks = ", ".join(
                    f"{c.deck} ({' + '.join(goods[g] for g in c.cost) or words['free']})"
                    for c in sold
                )
                where.append(f"{words['deck'].format(decks=decks)}")
        line = f"• {words['god']}: {gods[god]} — {'; '.join(where)}"
        lines.append(line + ".")
    for god in by_god:
        lines.append(f"• {words['scores'].format(god=gods[god])}: {GOD_SCORING[lang][god]}.")
    return "\n".join(lines)


def _fill(body: str, lang: str) -> str:
    goods = GOOD_NAMES[lang]
    gods = GOD_NAMES[lang]
    words = _FACT_WORDS[lang]
    from concordia.core.data import CONCORDIA_VP, GOODS

    prices = ", ".join(f"{goods[g]} {p}" for g, p in zip(GOODS, PRICE, strict=True))
    god_lines = "\n\n".join(f"• {gods[g]}: {s}." for g, s in GOD_SCORING[lang].items())
    houses = "\n".join(
        f"• {goods[city]}: {HOUSE_COINS[i]} × n + {' + '.join(goods[g] for g in need)}"
        for i, (city, need) in enumerate(_HOUSE_GOODS)
    )
    wine = HOUSE_COINS[GOODS.index("wine")]
    values = {
        "prices": prices,
        "god_lines": god_lines,
        "concordia": CONCORDIA_VP,
        "wine_coins": wine,
        "wine_coins2": 2 * wine,
        "tool_coins": HOUSE_COINS[GOODS.index("tool")],
    }
    text = body.format(**values)
    if "{wine_coins}" in body:  # the house page gets the price table
        text += f"\n\n# {words['house_table']}\n{houses}"
    return text
