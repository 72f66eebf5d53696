"""Pictograms for tokens, drawn in a 100 x 100 box (our own drawings of the books'
suggested symbols: Maker-War's patrol is a crosshair, march three arrows, scatter
spreading arrows, flying low an arrow into a star)."""

from __future__ import annotations

_ARROW = "M0 -30 L12 -12 L4 -12 L4 30 L-4 30 L-4 -12 L-12 -12 Z"
_STAR = "M50 8 L61 38 L93 38 L67 57 L77 88 L50 69 L23 88 L33 57 L7 38 L39 38 Z"

SYMBOLS: dict[str, str] = {
    "patrol": (
        '<circle cx="50" cy="50" r="30" fill="none" stroke="#111" stroke-width="6"/>'
        '<circle cx="50" cy="50" r="6" fill="#111"/>'
        '<path d="M50 6 V34 M50 66 V94 M6 50 H34 M66 50 H94" stroke="#111" stroke-width="6"/>'
    ),
    "march": "".join(
        f'<path transform="translate({x} 52)" d="{_ARROW}" fill="#111"/>' for x in (22, 50, 78)
    ),
    "scatter": "".join(
        f'<path transform="translate(50 58) rotate({a}) translate(0 -12)" d="{_ARROW}" '
        'fill="#111"/>'
        for a in (-50, 0, 50)
    ),
    "flying-low": (
        f'<path d="{_STAR}" fill="none" stroke="#111" stroke-width="5"/>'
        '<path transform="translate(50 50) rotate(45) scale(1.1)" d="M0 -44 L12 -26 L4 -26 L4 2 '
        'L-4 2 L-4 -26 L-12 -26 Z" fill="#111"/>'
    ),
    "rage": (
        '<path d="M50 6 C60 30 82 36 78 64 C76 84 62 94 50 94 C36 94 22 84 22 64 C22 46 34 40 '
        '36 24 C44 36 46 42 50 46 C54 34 52 20 50 6 Z" fill="#111"/>'
    ),
    "impact": (
        '<path d="M50 8 L58 36 L88 26 L66 50 L92 70 L60 66 L54 94 L44 66 L12 74 L34 52 L10 30 '
        'L40 36 Z" fill="#111"/>'
    ),
    "terror": (
        '<circle cx="50" cy="42" r="30" fill="#111"/><rect x="34" y="62" width="32" height="24" '
        'fill="#111"/><circle cx="38" cy="42" r="8" fill="#fff"/><circle cx="62" cy="42" r="8" '
        'fill="#fff"/><path d="M42 76 V86 M50 76 V86 M58 76 V86" stroke="#fff" stroke-width="4"/>'
    ),
    "activation": (
        '<path d="M18 52 L40 74 L84 28" fill="none" stroke="#111" stroke-width="12" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "poi": (
        '<path d="M50 92 C30 62 20 52 20 36 A30 30 0 0 1 80 36 C80 52 70 62 50 92 Z" '
        'fill="#111"/><circle cx="50" cy="36" r="11" fill="#fff"/>'
    ),
    "reliquary": ('<path d="M44 8 H56 V30 H78 V42 H56 V92 H44 V42 H22 V30 H44 Z" fill="#111"/>'),
    "energy": ('<polygon points="58,4 22,56 46,56 38,96 80,40 54,40 66,4" fill="#111"/>'),
    "start": (
        '<path d="M28 10 V92" stroke="#111" stroke-width="8"/><path d="M32 12 L84 28 L32 46 Z" '
        'fill="#111"/>'
    ),
    "pressure": (
        '<circle cx="50" cy="50" r="40" fill="none" stroke="#111" stroke-width="8"/>'
        '<path d="M50 50 L74 26" stroke="#111" stroke-width="8" stroke-linecap="round"/>'
        '<circle cx="50" cy="50" r="8" fill="#111"/>'
    ),
    "castle": (
        '<path d="M12 90 V30 H26 V42 H38 V30 H62 V42 H74 V30 H88 V90 Z" fill="#111"/>'
        '<path d="M42 90 V66 A8 8 0 0 1 58 66 V90 Z" fill="#fff"/>'
    ),
    "star": f'<path d="{_STAR}" fill="#111"/>',
    "compass": (
        '<circle cx="50" cy="50" r="46" fill="none" stroke="#111" stroke-width="1.5"/>'
        '<path d="M50 2 V98 M2 50 H98" stroke="#111" stroke-width="1.2"/>'
        '<path d="M50 2 L45 12 H55 Z M50 98 L45 88 H55 Z" fill="#111"/>'
        + "".join(
            f'<path transform="rotate({a} 50 50)" d="M50 4 V{9 if a % 30 else 13}" '
            'stroke="#111" stroke-width="0.8"/>'
            for a in range(0, 360, 10)
        )
    ),
}


def svg(name: str) -> str:
    """The pictogram's SVG elements ('' for an unknown name: the token shows its text)."""
    return SYMBOLS.get(name, "")
