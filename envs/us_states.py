"""US state codes and their names: retail addresses take the code ("MD") where customers say the
name ("Baltimore, Maryland"); the domain declares the pair so certification can ground the code."""

from __future__ import annotations

US_STATES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa",
    "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland",
    "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri",
    "MT": "Montana", "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio",
    "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
    "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    "DC": "District of Columbia",
}

# Other names in use: "Washington DC" also keeps "Washington" from naming the state of Washington.
# Cities whose name holds a state's but that lie in another state, or in two: "Kansas City, Missouri".
STATE_LOOKALIKES: tuple[str, ...] = ("Kansas City", "Arkansas City", "Missouri City", "Michigan City", "Nevada City",
                                     "Virginia City")

STATE_ALIASES: dict[str, tuple[str, ...]] = {
    "DC": ("Washington DC", "Washington D.C.", "Washington, DC", "Washington, D.C."),
    "MA": ("Mass.",), "PA": ("Penn.",), "CA": ("Calif.",),
}
