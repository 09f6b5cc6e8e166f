"""The curated lexicon behind LR207: wordings that demand harmful conduct (R3).

Data only; `conduct.py` matches it. Words are written as the matcher sees text: lower case,
accents dropped (`déshabiller` → `deshabiller`, `ł` → `l`, `ß` → `ss`). A pattern is a tuple
of steps matched against consecutive words:

- `"drink*"`: a word starting with `drink`; `"nude"`: exactly that word;
- `"@person"`, `"@property"`: any word of that class (below, stems or exact words alike);
- `"~"`: up to three words in between, none of them a table word (`@table`), so `tap the
  table` never reaches a person named later in the sentence;
- `"-@pile"`: the next two words are not pile words (`eat the pile` is card talk for
  picking it up; `eat a card` is not).

English first, then the rulebooks' languages (it, de, pl, pt, fr). Every pattern is tested
by `tests/check/test_conduct.py`, and so are the ordinary table actions that must pass.
Stems that would catch everyday words in another language are left out or written exact
(Portuguese `come` is English `come`; French `tape` is Italian `tape`), which is one of the
documented limits: this is a guard rail, not a judge (docs/checker.md, "LR207").
"""

from __future__ import annotations

from lopti_rules.i18n import N_

Pattern = tuple[str, ...]

# what each category demands, for the message: "... demands <this>"
HARMS: dict[str, str] = {  # what the harm is, in words: translated where shown (`_()`)
    "drinking": N_("drinking"),
    "undressing": N_("undressing"),
    "eating": N_("eating or swallowing something"),
    "violence": N_("hitting or hurting a person"),
    "property": N_("damaging property"),
    "consent": N_("touching a person without their consent"),
    "illegal": N_("drugs, smoking or a weapon"),
    "slur": N_("a slur or an insult"),
}

CLASSES: dict[str, tuple[str, ...]] = {
    "person": (
        "player*", "someone", "somebody", "anyone", "anybody", "everyone", "everybody",
        "other", "neighbo*", "him", "her", "them", "you", "head", "cheek*", "arm",
        "butt", "opponent*", "friend*", "person", "people", "loser", "winner", "dealer",
        "author", "giocator*", "qualcuno", "vicin*", "faccia", "testa", "avversari*",
        "spieler*", "jemand*", "nachbar*", "gesicht", "kopf", "gegner*", "gracz*", "kogos",
        "sasiad*", "twarz*", "glowe", "jogador*", "alguem", "vizinh*", "rosto", "cabeca",
        "joueu*", "quelqu*", "voisin*", "visage", "tete", "adversaire*",
    ),
    "property": (
        "glass*", "bottle*", "phone*", "chair*", "window*", "plate*", "card", "cards",
        "deck", "cup*", "mug*", "furniture", "door*", "tv", "bicchier*", "bottigli*",
        "telefon*", "sedi*", "carta", "carte", "mazzo", "glas*", "flasche*", "handy",
        "stuhl*", "karte*", "szklank*", "butelk*", "krzesl*", "kart*", "copo*", "garraf*",
        "cadeira*", "verre*", "bouteille*", "chaise*",
    ),
    "table": (
        "table", "pile", "deck", "card", "cards", "tavolo", "mazzo", "carta", "carte", "tisch",
        "stapel", "karte*", "stol*", "stos*", "kart*", "mesa", "monte", "pilha", "baralho",
        "tas", "pioche", "wood", "bois",
    ),
    "pile": (
        "pile", "deck", "mazzo", "stapel", "stos*", "monte", "pilha", "baralho", "tas", "pioche",
    ),
    "clothes": (
        "shirt*", "sock*", "clothes", "clothing", "garment*", "shoe*", "pants", "trousers",
        "bra", "underwear", "vestit*", "maglia*", "hemd*", "kleid*", "hose", "ubran*",
        "koszul*", "roupa*", "camis*", "vetement*", "chemise*", "trouser*", "jeans",
        "knickers", "skirt*", "dress", "boxers", "bikini", "spodni*", "calca*",
        "pantalon*", "jupe*", "mutand*",
    ),
}  # fmt: skip

_drinking: tuple[Pattern, ...] = (
    ("drink*",), ("drank",), ("chug*",), ("sip",), ("sips",), ("booze*",), ("beer*",),
    ("wine",), ("vodka*",), ("alcohol*",), ("liquor*",), ("tequila*",), ("whisk*",),
    ("shots",), ("take", "a", "shot"), ("do", "a", "shot"), ("bottoms", "up"),
    ("bev*",), ("bere",), ("sorso",), ("birra",), ("vino",), ("alcol*",),
    ("trink*",), ("sauf*",), ("schluck*",), ("bier*",), ("schnaps*",), ("alkohol*",),
    ("pij",), ("pije*",), ("wypij*",), ("wypic",), ("wodk*",), ("piwo",), ("piwa",),
    ("kieliszek",), ("bebe*",), ("beber",), ("beba*",), ("bebida*",), ("cerveja*",),
    ("vinho*",), ("cachaca*",), ("gole",), ("alcool*",), ("boit",),
    ("boire",), ("boivent",), ("buvez",), ("biere*",), ("gorgee*",), ("cul", "sec"),
)  # fmt: skip

_undressing: tuple[Pattern, ...] = (
    ("undress*",), ("strip*",), ("naked",), ("nude*",), ("take", "off", "~", "@clothes"),
    ("takes", "off", "~", "@clothes"), ("remove*", "~", "@clothes"), ("spogli*",),
    ("nudo",), ("nuda",), ("nudi",), ("togli*", "~", "@clothes"), ("auszieh*",),
    ("zieh*", "~", "aus"),
    ("nackt*",), ("entkleid*",), ("rozbier*",), ("nagi",), ("naga",), ("nago",),
    ("zdejm*", "~", "@clothes"), ("pull*", "~", "@clothes", "down"), ("drop*", "~", "@clothes"),
    ("@clothes", "down"), ("@clothes", "off"), ("mooning",),
    ("moon", "~", "@person"), ("despir*",), ("despe",), ("despem",), ("pelad*",),
    ("tir*", "~", "@clothes"),
    ("deshabill*",), ("nue",), ("nues",), ("tout", "nu"), ("enlev*", "~", "@clothes"),
)  # fmt: skip

_eating: tuple[Pattern, ...] = (
    ("eat*", "-@pile"), ("ate",), ("swallow*", "-@pile"), ("lick*",), ("chew*",), ("mangi*",),
    ("ingoi*",),
    ("lecc*",), ("essen",), ("iss",), ("isst",), ("verschluck*",), ("leck*",), ("zjedz*",),
    ("zjesc",), ("polknij",), ("poliz*",), ("comer",), ("engol*",), ("engul*",),
    ("lambe",), ("lamber",), ("mange*", "-@pile"), ("avale*",), ("aval",), ("leche*",),
)  # fmt: skip

# hurting a person: these always; the contact verbs below only with a person as object
_violence: tuple[Pattern, ...] = (
    ("punch*",), ("spank*",), ("bite*",), ("bitten",), ("spit",), ("spits",),
    ("spitting",), ("spat",), ("choke*",),
    ("strangl*",), ("beat", "up"), ("headbutt*",), ("wedgie*",), ("pugn*",),
    ("calci*",), ("schiaff*",), ("sput*",), ("mord*",), ("picchi*",), ("ohrfeig*",),
    ("prugel*",), ("spuck*",), ("beiss*",), ("policzk*",), ("spoliczk*",), ("kopn*",),
    ("gryz*",), ("soco*",), ("chut*",), ("tapa",), ("tapas",), ("bofet*",), ("cusp*",),
    ("gifl*",), ("baffe*",), ("coup", "de", "poing"), ("coup", "de", "pied"),
    ("crach*",),
)  # fmt: skip

_CONTACT = (
    "hit", "hits", "hitting", "slap*", "smack*", "whack*", "pinch*", "poke", "pokes", "flick*",
    "push", "pushes", "shove*", "grab*", "kick*", "burn*", "bruci*", "verbrenn*", "queim*",
    "brul*", "podpal*", "colpi*", "sping*", "schlag*", "hau", "hauen",
    "kneif*", "schubs*", "uderz*", "szturch*", "popchn*", "bate", "bater", "bata", "batem",
    "belisc*", "empurr*",
    "frapp*", "pinc*", "pouss*",
)  # fmt: skip
_contact: tuple[Pattern, ...] = tuple((verb, "~", "@person") for verb in _CONTACT)

_property: tuple[Pattern, ...] = (
    ("smash*",), ("destroy*", "~", "@property"), ("vandal*",), ("wreck*",), ("damag*",),
    ("set", "fire"), ("set", "~", "on", "fire"), ("break*", "~", "@property"),
    ("broke*", "~", "@property"), ("tear*", "~", "@property"), ("rip*", "~", "@property"),
    ("shred*",), ("spacc*",), ("distrugg*", "~", "@property"), ("rompi*", "~", "@property"),
    ("strapp*", "~", "@property"), ("zerbrech*",), ("kaputt*",), ("zerstor*",),
    ("zerreiss*",), ("zniszcz*", "~", "@property"), ("rozbij*",), ("podrz*", "~", "@property"),
    ("quebr*", "~", "@property"), ("destru*", "~", "@property"), ("rasg*",),
    ("cass*", "~", "@property"), ("detrui*", "~", "@property"), ("dechir*",),
)  # fmt: skip

_consent: tuple[Pattern, ...] = (
    ("kiss*",), ("grope*",), ("fondl*",), ("lap", "dance"), ("sit*", "on", "~", "lap"),
    ("flash", "~", "@person"), ("touch*", "~", "@person"), ("baci*",), ("palp*",),
    ("tocc*", "~", "@person"), ("kuss*",), ("begrapsch*",), ("befummel*",),
    ("beruhr*", "~", "@person"), ("pocaluj*",), ("obmacuj*",), ("dotkn*", "~", "@person"),
    ("beij*",), ("apalp*",), ("toqu*", "~", "@person"), ("embrass*",), ("bisou*",),
    ("pelot*",),
)  # fmt: skip

_illegal: tuple[Pattern, ...] = (
    ("drug*",), ("cocaine",), ("weed",), ("smoke*",), ("smoking",), ("cigarette*",),
    ("knife",), ("knives",), ("droga*",), ("cocaina",), ("fuma*",), ("coltell*",),
    ("drogen",), ("kokain",), ("rauch*",), ("messer*",), ("narkotyk*",), ("noz",),
    ("noza",), ("faca*",), ("fumar",), ("drogue*",), ("fume",), ("fumer",),
    ("couteau*",),
)  # fmt: skip

_slur: tuple[Pattern, ...] = (
    ("retard*",), ("faggot*",), ("tranny",), ("spastic*",), ("spaz",), ("insult*",),
    ("mock*",), ("frocio",), ("ricchion*",), ("ritardat*",),
    ("umili*",), ("schwuchtel*",), ("spast",), ("mongo",), ("beleidig*",), ("demutig*",),
    ("ciota",), ("wyzwij*",), ("viado*",), ("retardad*",), ("humilh*",),
    ("encule*",), ("tarlouze*",), ("humili*",),
)  # fmt: skip

# Words that name a thing (a drink, a drug, a weapon) rather than an act. A title is a name,
# and a name that merely mentions one of these demands nothing ("Round of drinks", "Beer
# o'clock"); the same word in an announcement, a note or a table event's wording is still read
# as said to the table (spec §4, "Titles and wording are names, not demands").
THINGS: frozenset[str] = frozenset(
    {
        "beer*", "wine", "vodka*", "alcohol*", "liquor*", "tequila*", "whisk*", "shots",
        "booze*", "birra", "vino", "alcol*", "bier*", "schnaps*", "alkohol*", "wodk*", "piwo",
        "piwa", "kieliszek", "bebida*", "cerveja*", "vinho*", "cachaca*", "alcool*", "biere*",
        "sorso", "gole", "gorgee*", "naked", "nude*", "nudo", "nuda", "nudi", "nackt*",
        "nagi", "naga", "nago", "pelad*", "nue", "nues", "drug*", "cocaine", "weed",
        "cigarette*", "knife", "knives", "droga*", "cocaina", "coltell*", "drogen", "kokain",
        "messer*", "narkotyk*", "noz", "noza", "faca*", "drogue*", "couteau*",
    }
)  # fmt: skip

# Words after which a harmful word is mentioned, not asked for: "round *of* drinks", "giro *di*
# bevute", "Runde *der* Getränke", "tournée *de* bières".
MENTION_MARKERS: frozenset[str] = frozenset(
    {
        "of", "about", "no", "without", "di", "del", "della", "dei", "degli", "delle", "senza",
        "von", "vom", "der", "des", "ohne", "bez", "o", "de", "do", "da", "dos", "das", "sem",
        "du", "sans",
    }
)  # fmt: skip

# Articles: in a name, a harmful word right after one is a noun, named ("The drinks table");
# English, then it, de, pl (none), pt, fr. Left out, since they also stand before a verb or
# are another word: "a" (Italian and Portuguese "to": "Tutti a bere"), "i" (English "I"),
# "o" (Italian "or"), "as" (English "as").
ARTICLES: frozenset[str] = frozenset(
    {
        "the", "an", "il", "lo", "la", "le", "gli", "un", "una", "die", "das", "den", "dem",
        "der", "ein", "eine", "einen", "os", "um", "uma", "les", "une",
    }
)  # fmt: skip

LEXICON: dict[str, tuple[Pattern, ...]] = {
    "drinking": _drinking,
    "undressing": _undressing,
    "eating": _eating,
    "violence": _violence + _contact,
    "property": _property,
    "consent": _consent,
    "illegal": _illegal,
    "slur": _slur,
}


# Wordings that act on the past (R3, LR206 in a text): a call, a race's or a conduct's wording,
# a note or an announcement that asks the table to look back before the rule existed. The
# qualifiers the grammar knows (`retroactively`, ...) are LR206 on an action or condition; these
# are the same meaning said in words.
RETRO: tuple[Pattern, ...] = (
    ("retroactiv*",), ("retrospectiv*",), ("previous", "round*"), ("earlier", "round*"),
    ("past", "round*"), ("last", "session"), ("previous", "session*"),
    ("since", "the", "session", "began"), ("since", "the", "start", "~", "session"),
    ("since", "the", "first", "round"), ("before", "this", "rule"),
    ("before", "the", "rule", "existed"), ("all", "session", "long"),
    ("so", "far", "this", "session"),
    ("retroattiv*",), ("round", "precedent*"), ("mani", "precedent*"), ("ruckwirkend*",),
    ("vorherig*", "runde*"), ("fruher*", "runde*"), ("wstecz",), ("wsteczn*",),
    ("poprzedni*", "rozdan*"), ("retroativ*",), ("rodada*", "anterior*"), ("retroacti*",),
    ("manche*", "precedente*"),
)  # fmt: skip
