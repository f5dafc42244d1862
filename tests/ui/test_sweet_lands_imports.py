"""The screens draw from the view: nothing under tabletop_tui imports the Sweet Lands
engine's modules (its data loader, state, steps, queries ...). Only the package's
public names may be imported: the spec, the printed-components catalogue, the
pending steps' names (Op), the view's records and the explainer's."""

import ast
from pathlib import Path

import tabletop_tui

PUBLIC = {"SWEET_LANDS", "SPECS", "OPTIONS", "Op", "components", "solo_card_spaces"}
PUBLIC |= {"SweetLandsView", "PlayerView", "PendingView", "CardView"}  # the view's types
PUBLIC |= {"SweetLandsExplainer", "TrackRate", "Standing", "SoloVerdict", "RoadFacts"}
PUBLIC |= {"PROGRESS", "rate_words"}  # the explainer's progress lines and rates in words
ROOT = Path(tabletop_tui.__file__).parent


def engine_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bad += [a.name for a in node.names if a.name.startswith("rules.sweet_lands")]
        elif isinstance(node, ast.ImportFrom) and node.module:
            mod = node.module
            if mod.startswith("rules.sweet_lands."):
                bad.append(mod)
            elif mod == "rules.sweet_lands":
                bad += [f"{mod}.{a.name}" for a in node.names if a.name not in PUBLIC]
    return bad


def test_no_screen_module_imports_sweet_lands_engine_internals():
    found = {
        str(p.relative_to(ROOT)): engine_imports(p) for p in ROOT.rglob("*.py") if engine_imports(p)
    }
    assert found == {}


def test_the_import_check_catches_an_internal_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from rules.sweet_lands.model import data as D\n"
        "import rules.sweet_lands.protocol.state\n"
        "from rules.sweet_lands.facts.queries import BoardQueries\n"
        "from rules.sweet_lands import components\n"
    )
    assert engine_imports(sample) == [
        "rules.sweet_lands.model",
        "rules.sweet_lands.protocol.state",
        "rules.sweet_lands.facts.queries",
    ]
