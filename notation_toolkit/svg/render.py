"""Drawing a ``Diagram`` as SVG: plain XML with ``xml.etree``, no assets, the same bytes every time."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from notation_toolkit.svg.model import PIPS, Band, Cell, Diagram, Layer, SquareKey, die_value

SQUARE = 40.0  # natural size of a square in user units; ``size=`` scales the whole picture
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

#: Default colours; ``colors=`` overrides any of them by key.
COLORS: dict[str, str] = {
    "background": "#ffffff",
    "square light": "#f0d9b5",
    "square dark": "#b58863",
    "margin": "#ffffff",
    "coord": "#555555",
    "label": "#222222",
    "hand count": "#222222",  # the disc behind the number of a piece in hand
    "first fill": "#fbfbf8",
    "first stroke": "#1c1c1c",
    "first text": "#1c1c1c",
    "second fill": "#2b2b2b",
    "second stroke": "#000000",
    "second text": "#f7f7f7",
    "terminal": "#c99a06",
    "state": "#b3261e",
    "highlight": "#4f9a3a",
    "arrow": "#1e6fd0",
    "en passant": "#b3261e",
    "to move": "#2e7d32",
    "die first fill": "#fbfbf8",
    "die first pip": "#1c1c1c",
    "die second fill": "#2b2b2b",
    "die second pip": "#f7f7f7",
    "move": "#2e7d32",
    "capture": "#b3261e",
    "blocked": "#777777",
}


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow from the centre of ``tail`` to the centre of ``head`` (squares as names or keys)."""

    tail: object
    head: object
    color: str | None = None


PieceGlyphs = Mapping[str, str] | Callable[[Cell], str | None]


def _n(value: float) -> str:
    # Fixed rounding so that the output is byte-for-byte the same on every platform.
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _dasharray(dash: float, gap: float) -> str:
    return f"{_n(dash)},{_n(gap)}"


class _Canvas:
    def __init__(self, colors: Mapping[str, str]) -> None:
        self.colors = {**COLORS, **colors}
        self.root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1"})

    def el(self, parent: ET.Element, tag: str, attrs: Mapping[str, str | float]) -> ET.Element:
        return ET.SubElement(
            parent, tag, {k: (_n(v) if isinstance(v, float | int) else v) for k, v in attrs.items()}
        )

    def ring(
        self,
        parent: ET.Element,
        cx: float,
        cy: float,
        r: float,
        color: str,
        width: float,
        dashes: tuple[float, float] | None = None,
    ) -> ET.Element:
        """An unfilled circle: a rim, a target or a marker."""
        attrs: dict[str, str | float] = {
            "cx": cx,
            "cy": cy,
            "r": r,
            "fill": "none",
            "stroke": color,
            "stroke-width": width,
        }
        if dashes is not None:
            attrs["stroke-dasharray"] = _dasharray(*dashes)
        return self.el(parent, "circle", attrs)

    def text(
        self,
        parent: ET.Element,
        x: float,
        y: float,
        content: str,
        size: float,
        fill: str,
        *,
        anchor: str = "middle",
        bold: bool = False,
    ) -> ET.Element:
        # Baseline placed by hand (0.35 em below the centre): renderers disagree on
        # dominant-baseline, and cairosvg ignores it.
        node = self.el(
            parent,
            "text",
            {
                "x": x,
                "y": y + 0.35 * size,
                "font-family": FONT,
                "font-size": size,
                "text-anchor": anchor,
                "fill": fill,
                **({"font-weight": "bold"} if bold else {}),
            },
        )
        node.text = content
        return node


def _glyph(cell: Cell, pieces: PieceGlyphs | None) -> str | None:
    if pieces is None:
        return None
    if callable(pieces):
        return pieces(cell)
    for key in (cell.token, cell.letter, cell.letter.upper()):
        if key in pieces:
            return pieces[key]
    return None


def draw_piece(
    canvas: _Canvas,
    parent: ET.Element,
    cell: Cell,
    cx: float,
    cy: float,
    unit: float,
    pieces: PieceGlyphs | None,
) -> None:
    """One piece centred on (cx, cy) in a square of side ``unit``: a disc with its letter and marks."""
    c = canvas.colors
    side = "first" if cell.first else "second"
    group = canvas.el(parent, "g", {"class": f"piece {side}"})
    ET.SubElement(group, "title").text = cell.description
    glyph = _glyph(cell, pieces)
    if glyph is not None and glyph.lstrip().startswith("<"):
        # An SVG fragment drawn in a 45×45 box (python-chess's piece sets use that box).
        scale = unit / 45.0
        holder = canvas.el(
            group,
            "g",
            {"transform": f"translate({_n(cx - unit / 2)},{_n(cy - unit / 2)}) scale({_n(scale)})"},
        )
        try:
            fragment = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{glyph}</g>')
        except ET.ParseError as exc:
            raise ValueError(f"the glyph for {cell.token!r} is not well-formed SVG: {exc}") from None
        # The fragment's elements come back in the SVG namespace ({http://www.w3.org/2000/svg}text),
        # which ElementTree writes with an "ns0:" prefix that an HTML page's inline SVG ignores;
        # the root already declares that namespace as the default.
        for element in fragment.iter():
            if isinstance(element.tag, str) and element.tag.startswith("{http://www.w3.org/2000/svg}"):
                element.tag = element.tag.split("}", 1)[1]
        holder.extend(list(fragment))
    else:
        radius = unit * 0.4
        if cell.terminal:
            canvas.ring(group, cx, cy, radius + unit * 0.045, c["terminal"], unit * 0.07)
        disc: dict[str, str | float] = {
            "cx": cx,
            "cy": cy,
            "r": radius,
            "fill": c[f"{side} fill"],
            "stroke": c[f"{side} stroke"],
            "stroke-width": unit * 0.035,
        }
        if cell.derived:
            # A derived piece plays in the other side's style: a dashed rim says "borrowed".
            disc["stroke-dasharray"] = _dasharray(unit * 0.09, unit * 0.06)
            disc["stroke-width"] = unit * 0.05
        canvas.el(group, "circle", disc)
        label = glyph if glyph is not None else cell.letter.upper()
        size = unit * (0.5 if len(label) == 1 else 0.36)
        canvas.text(group, cx, cy, label, size, c[f"{side} text"], bold=True)
    if cell.state:
        # The EPIN state (+ enhanced, - diminished) as a small badge at the top right.
        bx, by, br = cx + unit * 0.3, cy - unit * 0.3, unit * 0.13
        canvas.el(group, "circle", {"cx": bx, "cy": by, "r": br, "fill": c["state"]})
        mark = "+" if cell.state == "+" else "\u2212"
        canvas.text(group, bx, by - unit * 0.01, mark, unit * 0.24, "#ffffff", bold=True)


def draw_die(
    canvas: _Canvas, parent: ET.Element, letter: str, x: float, y: float, side: float, first: bool
) -> None:
    """A die face (pips for P 1 ... K 6) with its top-left corner at (x, y)."""
    c = canvas.colors
    who = "first" if first else "second"
    value = die_value(letter)
    group = canvas.el(parent, "g", {"class": "die"})
    ET.SubElement(group, "title").text = f"die {letter.upper()} ({value})"
    canvas.el(
        group,
        "rect",
        {
            "x": x,
            "y": y,
            "width": side,
            "height": side,
            "rx": side * 0.16,
            "fill": c[f"die {who} fill"],
            "stroke": "#1c1c1c",
            "stroke-width": side * 0.04,
        },
    )
    step = side / 4
    for col, row in PIPS[value]:
        canvas.el(
            group,
            "circle",
            {
                "cx": x + step * (col + 1),
                "cy": y + step * (row + 1),
                "r": side * 0.085,
                "fill": c[f"die {who} pip"],
            },
        )


def _arrow(
    canvas: _Canvas, parent: ET.Element, x1: float, y1: float, x2: float, y2: float, color: str
) -> None:
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    group = canvas.el(parent, "g", {"class": "arrow", "opacity": "0.8"})
    if length < 1e-9:
        canvas.ring(group, x1, y1, SQUARE * 0.42, color, SQUARE * 0.08)
        return
    ux, uy = dx / length, dy / length
    head = SQUARE * 0.4
    shaft = SQUARE * 0.14
    bx, by = x2 - ux * head, y2 - uy * head
    canvas.el(
        group,
        "line",
        {
            "x1": x1,
            "y1": y1,
            "x2": bx,
            "y2": by,
            "stroke": color,
            "stroke-width": shaft,
            "stroke-linecap": "butt",
        },
    )
    px, py = -uy * head * 0.55, ux * head * 0.55
    points = [(x2, y2), (bx + px, by + py), (bx - px, by - py)]
    canvas.el(group, "polygon", {"points": " ".join(f"{_n(a)},{_n(b)}" for a, b in points), "fill": color})


def render(
    diagram: Diagram,
    *,
    size: int | None = None,
    flipped: bool = False,
    coordinates: bool = True,
    colors: Mapping[str, str] | None = None,
    squares: Iterable[object] | Mapping[object, str] | None = None,
    arrows: Iterable[Arrow | tuple[object, object]] = (),
    pieces: PieceGlyphs | None = None,
    markers: Mapping[str, Iterable[object]] | None = None,
    origin: object | None = None,
    origin_cell: Cell | None = None,
    square_data: bool = False,
) -> str:
    """The SVG text of a diagram (see ``notation_toolkit.svg.board`` for the options).

    ``square_data``: name the squares and hand pieces for a program that handles clicks (the
    studio): each square's rectangle gets ``data-square="e4"`` and each hand piece
    ``data-hand="first:P"`` (side and letter as the position writes it).
    """
    canvas = _Canvas(colors or {})
    names: dict[SquareKey, str] = {}
    if square_data:
        for name, key in diagram.names:
            names.setdefault(key, name)
    c = canvas.colors
    unit = SQUARE
    margin = unit * 0.5 if coordinates else unit * 0.15
    pad = unit * 0.25
    gap = unit * 0.6
    shows_bands = bool(diagram.first.label or diagram.second.label)
    band_h = unit * 0.9 if shows_bands else unit * 0.1
    layer_label_h = unit * 0.45 if any(layer.name for layer in diagram.layers) else 0.0
    caption_h = unit * 0.45 if diagram.caption else 0.0

    layers = list(reversed(diagram.layers)) if flipped else list(diagram.layers)
    widths = [max(len(r) for r in layer.rows) for layer in layers]
    heights = [len(layer.rows) for layer in layers]
    board_w = sum(margin + w * unit for w in widths) + gap * (len(layers) - 1)
    board_h = max(heights) * unit
    top_band, bottom_band = (diagram.first, diagram.second) if flipped else (diagram.second, diagram.first)
    band_w = max(_band_width(top_band, unit), _band_width(bottom_band, unit))
    # The caption's width from an average glyph width (0.6 em) so that it is never cut off.
    caption_w = len(diagram.caption) * unit * 0.28 * 0.6
    width = pad * 2 + max(board_w + margin * 0.4, band_w, caption_w)
    height = pad * 2 + band_h * 2 + layer_label_h + board_h + margin + caption_h

    root = canvas.root
    root.set("viewBox", f"0 0 {_n(width)} {_n(height)}")
    if size is not None:
        root.set("width", _n(size))
        root.set("height", _n(size * height / width))
    canvas.el(root, "rect", {"x": 0.0, "y": 0.0, "width": width, "height": height, "fill": c["background"]})

    highlight: dict[SquareKey, str] = {}
    if squares is not None:
        if isinstance(squares, Mapping):
            for sq, color in squares.items():
                highlight[diagram.key(sq)] = color
        else:
            for sq in squares:
                highlight[diagram.key(sq)] = c["highlight"]
    marker_keys: dict[SquareKey, str] = {}
    for kind, found in (markers or {}).items():
        for sq in found:
            marker_keys[diagram.key(sq)] = kind
    origin_key = diagram.key(origin) if origin is not None else None

    if shows_bands:
        _draw_band(canvas, root, top_band, pad, pad, band_h, unit, square_data, pieces)
    centres: dict[SquareKey, tuple[float, float]] = {}
    board_top = pad + band_h + layer_label_h
    x = pad
    for layer, cols, rows in zip(layers, widths, heights, strict=True):
        left = x + margin
        top = board_top + (board_h - rows * unit)
        if layer.name:
            canvas.text(
                root,
                left + cols * unit / 2,
                top - layer_label_h / 2,
                f"level {layer.name}",
                unit * 0.32,
                c["label"],
                bold=True,
            )
        _draw_layer(canvas, root, layer, left, top, unit, flipped, coordinates, margin, centres, names)
        x = left + cols * unit + gap

    board_group = canvas.el(root, "g", {"class": "overlays"})
    for key, color in highlight.items():
        cx, cy = centres[key]
        canvas.el(
            board_group,
            "rect",
            {
                "x": cx - unit / 2,
                "y": cy - unit / 2,
                "width": unit,
                "height": unit,
                "fill": color,
                "fill-opacity": "0.5",
            },
        )
    for key in sorted(diagram.marks, key=repr):
        if key in centres:
            cx, cy = centres[key]
            group = canvas.el(board_group, "g", {"class": "en-passant"})
            ET.SubElement(group, "title").text = "en-passant target"
            canvas.ring(group, cx, cy, unit * 0.3, c["en passant"], unit * 0.06, (unit * 0.1, unit * 0.07))
            canvas.text(group, cx, cy, "e.p.", unit * 0.2, c["en passant"], bold=True)
    for key, kind in marker_keys.items():
        cx, cy = centres[key]
        _draw_marker(canvas, board_group, kind, cx, cy, unit)
    pieces_group = canvas.el(root, "g", {"class": "pieces"})
    for layer in layers:
        for row in layer.rows:
            for key, cell in row:
                if cell is not None:
                    cx, cy = centres[key]
                    draw_piece(canvas, pieces_group, cell, cx, cy, unit, pieces)
    if origin_key is not None and origin_cell is not None:
        cx, cy = centres[origin_key]
        draw_piece(canvas, pieces_group, origin_cell, cx, cy, unit, pieces)
    arrow_group = canvas.el(root, "g", {"class": "arrows"})
    for item in arrows:
        arrow = item if isinstance(item, Arrow) else Arrow(item[0], item[1])
        x1, y1 = centres[diagram.key(arrow.tail)]
        x2, y2 = centres[diagram.key(arrow.head)]
        _arrow(canvas, arrow_group, x1, y1, x2, y2, arrow.color or c["arrow"])

    if shows_bands:
        _draw_band(
            canvas, root, bottom_band, pad, board_top + board_h + margin, band_h, unit, square_data, pieces
        )
    if diagram.caption:
        canvas.text(
            root, pad, height - pad - caption_h / 2, diagram.caption, unit * 0.28, c["coord"], anchor="start"
        )
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="unicode") + "\n"


def _draw_marker(canvas: _Canvas, parent: ET.Element, kind: str, cx: float, cy: float, unit: float) -> None:
    c = canvas.colors
    group = canvas.el(parent, "g", {"class": kind})
    ET.SubElement(group, "title").text = kind
    if kind == "capture":
        canvas.ring(group, cx, cy, unit * 0.4, c["capture"], unit * 0.08)
    elif kind == "guarded":
        # an empty square the piece could only capture on (a piece diagram's "guarded")
        canvas.ring(group, cx, cy, unit * 0.3, c["capture"], unit * 0.05, (unit * 0.08, unit * 0.06))
    elif kind == "blocked":
        d = unit * 0.22
        for sx in (1, -1):
            canvas.el(
                group,
                "line",
                {
                    "x1": cx - d,
                    "y1": cy - d * sx,
                    "x2": cx + d,
                    "y2": cy + d * sx,
                    "stroke": c["blocked"],
                    "stroke-width": unit * 0.08,
                },
            )
    else:
        canvas.el(group, "circle", {"cx": cx, "cy": cy, "r": unit * 0.15, "fill": c.get(kind, c["move"])})


def _band_width(band: Band, unit: float) -> float:
    width = unit * (0.5 + 0.3 * len(band.label) + 1.8)
    width += len(band.hand) * unit * 0.95
    if band.dice_shown:
        width += unit * 0.4 + max(1, len(band.dice or ())) * unit * 0.85
    return width


def _draw_band(
    canvas: _Canvas,
    parent: ET.Element,
    band: Band,
    x: float,
    y: float,
    h: float,
    unit: float,
    square_data: bool = False,
    pieces: PieceGlyphs | None = None,
) -> None:
    c = canvas.colors
    cy = y + h / 2
    group = canvas.el(parent, "g", {"class": "side"})
    if band.to_move:
        t = unit * 0.2
        points = [(x + t * 0.2, cy - t), (x + t * 0.2, cy + t), (x + t * 1.9, cy)]
        marker = canvas.el(
            group,
            "polygon",
            {"points": " ".join(f"{_n(a)},{_n(b)}" for a, b in points), "fill": c["to move"]},
        )
        ET.SubElement(marker, "title").text = "to move"
    cursor = x + unit * 0.5
    label = canvas.text(
        group, cursor, cy, band.label, unit * 0.36, c["label"], anchor="start", bold=band.to_move
    )
    label.set("class", "to-move" if band.to_move else "waiting")
    cursor += unit * 0.25 * len(band.label) + unit * 0.35
    if band.hand:
        canvas.text(group, cursor, cy, "hand", unit * 0.26, c["coord"], anchor="start")
        cursor += unit * 0.8
    for cell, count in band.hand:
        cx = cursor + unit * 0.4
        if square_data:
            holder = canvas.el(
                group,
                "g",
                {"class": "hand", "data-hand": f"{'first' if cell.first else 'second'}:{cell.token}"},
            )
            # a transparent target: the whole slot answers a click, not only the disc's ink
            canvas.el(
                holder,
                "rect",
                {
                    "x": cursor,
                    "y": cy - unit * 0.45,
                    "width": unit * 0.9,
                    "height": unit * 0.9,
                    "fill": "none",
                    "pointer-events": "all",
                },
            )
            draw_piece(canvas, holder, cell, cx, cy, unit * 0.8, pieces)
        else:
            # hand pieces in the board's own piece set
            draw_piece(canvas, group, cell, cx, cy, unit * 0.8, pieces)
        if count > 1:
            bx, by = cx + unit * 0.32, cy + unit * 0.26
            canvas.el(
                group,
                "circle",
                {"cx": bx, "cy": by, "r": unit * 0.16, "fill": c.get("hand count", c["label"])},
            )
            canvas.text(group, bx, by, str(count), unit * 0.22, "#ffffff", bold=True)
        cursor += unit * 0.95
    if band.dice_shown:
        cursor += unit * 0.2
        if band.dice:
            for letter in band.dice:
                draw_die(canvas, group, letter, cursor, cy - unit * 0.33, unit * 0.66, band.label == "White")
                cursor += unit * 0.85
        else:
            canvas.text(group, cursor, cy, "dice not rolled", unit * 0.26, c["coord"], anchor="start")


def _draw_layer(
    canvas: _Canvas,
    parent: ET.Element,
    layer: Layer,
    left: float,
    top: float,
    unit: float,
    flipped: bool,
    coordinates: bool,
    margin: float,
    centres: dict[SquareKey, tuple[float, float]],
    names: Mapping[SquareKey, str] | None = None,
) -> None:
    c = canvas.colors
    group = canvas.el(parent, "g", {"class": "board" + (f" level-{layer.name}" if layer.name else "")})
    n_rows = len(layer.rows)
    width = max(len(r) for r in layer.rows)
    for r, row in enumerate(layer.rows):
        from_bottom = n_rows - 1 - r
        for f, (key, _cell) in enumerate(row):
            dr = r if not flipped else n_rows - 1 - r
            df = f if not flipped else width - 1 - f
            x, y = left + df * unit, top + dr * unit
            # a1 (bottom left) is dark, as on a chess board.
            dark = (from_bottom + f + layer.parity) % 2 == 0
            rect = canvas.el(
                group,
                "rect",
                {
                    "x": x,
                    "y": y,
                    "width": unit,
                    "height": unit,
                    "fill": c["square dark" if dark else "square light"],
                },
            )
            if names and key in names:
                rect.set("data-square", names[key])
            centres[key] = (x + unit / 2, y + unit / 2)
    if not coordinates:
        return
    size = unit * 0.3
    for r, label in enumerate(layer.row_labels):
        if label:
            dr = r if not flipped else n_rows - 1 - r
            canvas.text(group, left - margin / 2, top + (dr + 0.5) * unit, label, size, c["coord"])
    for f, label in enumerate(layer.column_labels):
        df = f if not flipped else width - 1 - f
        canvas.text(
            group, left + (df + 0.5) * unit, top + n_rows * unit + margin / 2, label, size, c["coord"]
        )
