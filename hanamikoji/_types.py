"""Players, editions and phases."""

from __future__ import annotations

from enum import Enum, IntEnum

from hanamikoji._constants import ROUND_LIMIT


class Player(IntEnum):
    """One of the two players. ``A`` starts the first round."""

    A = 0
    """The player who starts the first round."""
    B = 1
    """The other player."""

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player(1 - self)

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str | Player | int) -> Player:
        """``"A"``, ``"B"``, ``0``, ``1`` or a :class:`Player`."""
        if isinstance(text, Player):
            return text
        if isinstance(text, int) and not isinstance(text, bool) and text in (0, 1):
            return cls(text)
        if isinstance(text, str) and text.upper() in ("A", "B"):
            return cls[text.upper()]
        from hanamikoji._errors import NotationError

        raise NotationError(f"{text!r} is not a player: expected 'A' or 'B'")


class Edition(Enum):
    """A published ruleset. The editions differ only in how the game can end."""

    EMPERORS4 = "emperors4"
    """EmperorS4 standard rules: rounds go on until a player reaches a goal."""
    EMPERORS4_3_ROUNDS = "emperors4-3-rounds"
    """EmperorS4 with its optional rule: at most 3 rounds; then more geishas wins, then more
    charm points, else the victory is shared."""
    KOSMOS = "kosmos"
    """Kosmos / IELLO (French edition): at most 3 rounds; then more charm points wins; equal
    charm points means no winner."""

    @property
    def round_limit(self) -> int | None:
        """The last round, or ``None`` when rounds go on until someone wins."""
        return None if self is Edition.EMPERORS4 else ROUND_LIMIT

    @property
    def geisha_names(self) -> tuple[str, ...] | None:
        """The geishas' names in table order, where the edition names them.

        The French rulebook ties only Ayane to a card (the flute, worth 2). Its end-of-game
        example (Ayane, Yoko and Chiharu worth 8; Iroha, Anju and Ruri worth 11) also makes
        Tomoyo a 2, and leaves two readings for the others. These names follow one reading
        that fits the example; :attr:`settled_geisha_names` lists the names the rulebook
        settles.
        """
        return _KOSMOS_GEISHAS if self is Edition.KOSMOS else None

    @property
    def settled_geisha_names(self) -> frozenset[str]:
        """The names in :attr:`geisha_names` that the edition's rulebook ties to one card."""
        return _KOSMOS_SETTLED if self is Edition.KOSMOS else frozenset()

    @property
    def item_names(self) -> tuple[str, ...] | None:
        """The item cards' names in table order, where the edition names them."""
        return _KOSMOS_ITEMS if self is Edition.KOSMOS else None

    @property
    def language(self) -> str:
        """The language of the edition's own names."""
        return "fr" if self is Edition.KOSMOS else "en"

    @classmethod
    def parse(cls, text: str | Edition) -> Edition:
        """An edition from its value (``"emperors4"``, ``"emperors4-3-rounds"``, ``"kosmos"``)."""
        if isinstance(text, Edition):
            return text
        for edition in cls:
            if edition.value == text:
                return edition
        from hanamikoji._errors import NotationError

        values = ", ".join(repr(e.value) for e in cls)
        raise NotationError(f"{text!r} is not an edition: expected one of {values}")


# Row order, charm 2, 2, 2, 3, 3, 4, 5. The rulebook prints its poems in another order.
_KOSMOS_GEISHAS = ("Ayane", "Iroha", "Tomoyo", "Yoko", "Chiharu", "Anju", "Ruri")
_KOSMOS_SETTLED = frozenset({"Ayane"})
_KOSMOS_ITEMS = ("Flûte", "Éventail", "Papier", "Ombrelle", "Luth", "Service à thé", "Fleur")


class Phase(IntEnum):
    """What the game waits for."""

    DEAL = 0
    """A chance event: the deck must be shuffled and dealt (:meth:`Game.deal`)."""
    ACTION = 1
    """The player to move must use one of their unused action markers."""
    GIFT_PICK = 2
    """The opponent of the giver must take one of the three offered cards."""
    COMPETITION_PICK = 3
    """The opponent of the actor must take one of the two offered pairs."""
    OVER = 4
    """The game has ended: see :attr:`Game.outcome`."""
