"""A member's share of the host's time: spent freely up to the burst, then paid back at
the rate, and never saved up past the burst."""

from __future__ import annotations

import pytest

from sheetapp.campaign.budget import CpuBudget


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_is_free_and_a_debt_is_paid_at_the_rate() -> None:
    clock = Clock()
    budget = CpuBudget(0.2, 0.5, clock=clock)
    budget.charge(0.5)
    assert budget.wait() == 0.0
    budget.charge(0.1)  # 0.1 s in debt: 0.5 s of wall time at a fifth of a core
    assert budget.wait() == pytest.approx(0.5)
    clock.now += 0.25
    assert budget.wait() == pytest.approx(0.25)
    clock.now += 0.25
    assert budget.wait() == 0.0


def test_idle_time_saves_up_no_more_than_the_burst() -> None:
    clock = Clock()
    budget = CpuBudget(0.2, 0.5, clock=clock)
    clock.now += 3600
    budget.charge(0.6)
    assert budget.wait() == pytest.approx(0.5)


def test_a_budget_needs_a_rate_and_a_burst() -> None:
    with pytest.raises(ValueError):
        CpuBudget(0, 1)
