"""A seat's purse: whether it can pay a cost, paying it, and what it lacks."""

from __future__ import annotations

from ..model.fields import Cost, StateFields


def can_pay(s: StateFields, seat: int, cost: Cost, wheat_by_wood: bool = False) -> bool:
    res = s.p[seat].res
    for r, k in cost.items():
        have = res[r]
        if r == "wheat" and wheat_by_wood:
            have += res["wood"] - cost.get("wood", 0)
        if have < k:
            return False
    return True


def pay(
    s: StateFields,
    seat: int,
    cost: Cost,
    wheat_by_wood: bool = False,
    wood_for_wheat: int | None = None,
) -> None:
    """Pay ``cost``. Rikka Berry (``wheat_by_wood``) pays ``wood_for_wheat`` of the
    wheat with wood when she chose an amount, else wheat first, then wood."""
    res = s.p[seat].res
    for r, k in cost.items():
        if r == "wheat" and wheat_by_wood:
            wood = wood_for_wheat if wood_for_wheat is not None else max(0, k - res["wheat"])
            res["wood"] -= wood
            res["wheat"] -= k - wood
        else:
            res[r] -= k
        assert res[r] >= 0 and res["wood"] >= 0


def shortfall(s: StateFields, seat: int, cost: Cost, wheat_by_wood: bool = False) -> str | None:
    """What the seat lacks to pay ``cost``, in words ("needs 8 wood, you have 5");
    None when it can pay."""
    res = s.p[seat].res
    for r, k in cost.items():
        have = res[r]
        if r == "wheat" and wheat_by_wood:
            spare_wood = res["wood"] - cost.get("wood", 0)
            if have + spare_wood < k:
                return f"needs {k} wheat (wood may stand in), you have {have} wheat and {max(spare_wood, 0)} spare wood"
        elif have < k:
            return f"needs {k} {r}, you have {have}"
    return None


def affordable(res, cost, extra) -> bool:
    """Whether ``res`` pays ``cost`` and ``extra`` together (no dict is merged)."""
    for r, k in cost.items():
        if res[r] < k + extra.get(r, 0):
            return False
    for r, k in extra.items():  # noqa: SIM110 (a loop: no generator made; the area menu asks)
        if r not in cost and res[r] < k:
            return False
    return True


def merge(a, b):
    """The two costs added together (a new dict)."""
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out
