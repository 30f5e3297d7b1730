"""Playing by clicking: how a seat's moves map onto the board picture.

A gesture says how a person makes one of the moves ``player_moves(view)`` offers: the board
elements to click in order (their ids are the ``data-target`` attributes of ``render_svg(view)``)
and, when several moves share the same clicks, the label of each in a picker ("tilt north",
"decline"). A move that no click makes (ending a turn, passing) has an empty path and is offered
as a button. Gestures are built from the seat's view alone, like every player-form call.

The page's script (static/brume/board-input.js) needs nothing else: after each click it keeps the
gestures whose path begins with the clicks so far, highlights their next targets, and when the
clicks are complete plays the one move left or shows the picker of those that remain.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from games.engines.text import N_, Text, Translate, identity

# A target id: short, safe in an HTML attribute and a CSS selector.
TARGET_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,40}$")
_DATA_TARGET = re.compile(r'data-target="([^"]*)"')


@dataclass(frozen=True)
class Gesture:
    move: str  # the player form, exactly as ``player_moves(view)`` writes it
    path: tuple[str, ...] = ()  # the targets clicked in order; () for a move made by a button
    choice: str = ""  # the picker's label when other moves share this path (or for a button)
    group: str = ""  # an optional heading for the picker ("Tilt", "Colour")

    def as_json(self, translate: Translate = identity) -> dict:
        """JSON for the page; ``translate`` puts the picker's words in the reader's language."""
        choice = translate(self.choice) if self.choice else ""
        group = translate(self.group) if self.group else ""
        return {"move": self.move, "path": list(self.path), "choice": choice, "group": group}


def svg_targets(svg: str) -> set[str]:
    """The clickable target ids a rendered board carries."""
    return set(_DATA_TARGET.findall(svg))


def gesture_problems(gestures: Iterable[Gesture], moves: Iterable[str], svg: str) -> list[str]:
    """What is wrong with a view's gestures (empty when they are right): every offered move has
    exactly one gesture, every target is on the board, and moves that share their clicks have
    distinct labels. The conformance test runs this for every engine that offers gestures."""
    gestures = list(gestures)
    problems = []
    offered = list(moves)
    by_move = defaultdict(int)
    for gesture in gestures:
        by_move[gesture.move] += 1
    missing = sorted(set(offered) - set(by_move))
    extra = sorted(set(by_move) - set(offered))
    twice = sorted(move for move, count in by_move.items() if count > 1)
    if missing:
        problems.append(Text(N_("moves with no gesture: {moves}"), moves=str(missing[:5])))
    if extra:
        problems.append(Text(N_("gestures for moves not offered: {moves}"), moves=str(extra[:5])))
    if twice:
        problems.append(Text(N_("moves with several gestures: {moves}"), moves=str(twice[:5])))
    targets = svg_targets(svg)
    by_path = defaultdict(list)
    for gesture in gestures:
        for target in gesture.path:
            if not TARGET_ID.match(target):
                problems.append(Text(N_("bad target id {target}"), target=repr(target)))
            elif target not in targets:
                problems.append(
                    Text(
                        N_("target {target} of {move} is not on the board"),
                        target=repr(target),
                        move=repr(gesture.move),
                    )
                )
        by_path[gesture.path].append(gesture)
    for path, same in by_path.items():
        if not path:
            unlabelled = [g.move for g in same if not g.choice]
            if unlabelled:
                problems.append(Text(N_("buttons without a label: {moves}"), moves=str(unlabelled[:5])))
        elif len(same) > 1:
            labels = [(g.group, g.choice) for g in same]
            if len(set(labels)) != len(labels) or any(not g.choice for g in same):
                problems.append(
                    Text(
                        N_("moves sharing clicks {path} need distinct labels: {moves}"),
                        path=str(list(path)),
                        moves=str([g.move for g in same][:5]),
                    )
                )
    return problems


@dataclass(frozen=True)
class PlacementStep:
    role: str  # the role's key in the template ("Q")
    label: str  # what the page asks for ("your Queen")
    count: int  # how many pieces of this role are placed
    targets: tuple[str, ...]  # where they may go (data-target ids)


@dataclass(frozen=True)
class Placement:
    """A move made by placing several pieces, each on a target of its own: a secret setup.

    Such moves are too many to offer one gesture each (Brouillard has 23,940 setups), so the page
    asks for each role's pieces in turn, then writes the move from ``template``: ``{Q0}`` is the
    notation name of the first target picked for role ``Q``. The server checks the move it gets
    exactly as if it were typed.
    """

    steps: tuple[PlacementStep, ...]
    names: dict[str, str]  # target id -> its name in the notation
    template: str

    def compose(self, picks: list[str]) -> str:
        """The move the page writes for ``picks`` (target ids, in the order of the steps)."""
        values, at = {}, 0
        for step in self.steps:
            for index in range(step.count):
                values[f"{step.role}{index}"] = self.names[picks[at]]
                at += 1
        return self.template.format(**values)

    def as_json(self, translate: Translate = identity) -> dict:
        return {
            "steps": [
                {"role": s.role, "label": translate(s.label), "count": s.count, "targets": list(s.targets)}
                for s in self.steps
            ],
            "names": dict(self.names),
            "template": self.template,
        }


def placement_problems(placement: Placement, svg: str) -> list[str]:
    """What is wrong with a placement (empty when it is right): its targets are on the board and
    named, each step can be filled with distinct targets, and the template uses every pick."""
    problems = []
    targets = svg_targets(svg)
    for step in placement.steps:
        for target in step.targets:
            if not TARGET_ID.match(target) or target not in targets:
                problems.append(
                    Text(
                        N_("target {target} of {move} is not on the board"), target=repr(target), move=repr(step.label)
                    )
                )
            if target not in placement.names:
                problems.append(Text(N_("target {target} has no name in the notation"), target=repr(target)))
        if step.count < 1 or len(set(step.targets)) < step.count:
            problems.append(
                Text(
                    N_("{label} cannot place {count} pieces on distinct targets"),
                    label=repr(step.label),
                    count=step.count,
                )
            )
    keys = sorted(f"{step.role}{index}" for step in placement.steps for index in range(step.count))
    used = sorted(re.findall(r"{(\w+)}", placement.template))
    if keys != used:
        problems.append(Text(N_("the template uses {used}, the steps give {keys}"), used=str(used), keys=str(keys)))
    return problems
