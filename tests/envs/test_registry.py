"""The registry: domains, tool schemas and declared metadata, matching tau-bench's toolkits."""

from __future__ import annotations

import pytest

from trajectory2gym.envs.registry import (
    DOMAINS,
    get_domain,
    guess_domain,
    tool_metadata,
    tool_specs,
)
from trajectory2gym.toolmeta import ARG_ROLES

RETAIL = {"find_user_id_by_email", "find_user_id_by_name_zip", "get_user_details", "get_order_details",
          "get_product_details", "list_all_product_types", "calculate", "think", "transfer_to_human_agents",
          "cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment",
          "modify_pending_order_items", "return_delivered_order_items", "exchange_delivered_order_items",
          "modify_user_address"}
AIRLINE = {"get_user_details", "get_reservation_details", "list_all_airports", "search_direct_flight",
           "search_onestop_flight", "calculate", "think", "transfer_to_human_agents", "book_reservation",
           "cancel_reservation", "update_reservation_baggages", "update_reservation_flights",
           "update_reservation_passengers", "send_certificate"}
# tau-bench's required arguments for the write tools (the contract with its task files).
REQUIRED = {
    "modify_pending_order_items": ["order_id", "item_ids", "new_item_ids", "payment_method_id"],
    "book_reservation": ["user_id", "origin", "destination", "flight_type", "cabin", "flights",
                         "passengers", "payment_methods", "total_baggages", "nonfree_baggages", "insurance"],
    "update_reservation_flights": ["reservation_id", "cabin", "flights", "payment_id"],
}


def test_domains_and_toolkits():
    assert {"retail", "airline"} <= set(DOMAINS)
    assert set(get_domain("retail").tools) == RETAIL
    assert set(get_domain("airline").tools) == AIRLINE
    with pytest.raises(ValueError, match="unknown domain"):
        get_domain("bank")


@pytest.mark.parametrize("domain", ["retail", "airline"])
def test_specs_and_metadata_agree(domain):
    specs = tool_specs(domain)
    meta = tool_metadata(domain)
    assert [s.name for s in specs] == list(meta)
    for spec in specs:
        m = meta[spec.name]
        assert not m.inferred
        params = spec.function.parameters
        assert set(m.arg_roles) == set(params["properties"])
        assert set(params["required"]) <= set(params["properties"])
        assert all(role in ARG_ROLES for role in m.arg_roles.values())
        assert spec.function.description
        if spec.name in REQUIRED:
            assert params["required"] == REQUIRED[spec.name]


def test_access_categories():
    retail = tool_metadata("retail")
    assert retail["cancel_pending_order"].access == "irreversible"
    assert retail["transfer_to_human_agents"].access == "handoff"
    assert retail["get_order_details"].access == "read"
    assert retail["modify_pending_order_payment"].object_class == "finance"
    assert tool_metadata("airline")["book_reservation"].access == "write"


def test_guess_domain():
    assert guess_domain({"get_order_details", "think"}) == "retail"
    assert guess_domain({"book_reservation"}) == "airline"
    assert guess_domain({"get_user_details"}) in {"retail", "airline"}
    assert guess_domain({"get_order_details", "some_unknown_tool"}) == "retail"
    assert guess_domain({"nothing_known"}) is None
    assert guess_domain(set()) is None
