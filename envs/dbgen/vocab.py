"""Made-up vocabulary for generated databases: names, streets, cities, airports.

Written for this project (common given names and surnames, generic street
names, US cities with a plausible zip prefix); nothing is taken from the
tau-bench data files. Airport codes are the public IATA codes of the twenty
airports that tau-bench's airline domain lists, so the airline tools work on
generated data unchanged.
"""

from __future__ import annotations

FIRST_NAMES: tuple[str, ...] = (
    "Aiden", "Alice", "Amara", "Andre", "Beatriz", "Caleb", "Camila", "Daniel", "Dana",
    "Elena", "Elijah", "Farah", "Felix", "Grace", "Hana", "Hugo", "Imani", "Isaac", "Jada",
    "Jonah", "Julia", "Kenji", "Kira", "Layla", "Leo", "Lucas", "Maya", "Mateo", "Nadia",
    "Nina", "Omar", "Olga", "Pablo", "Priya", "Quinn", "Rafael", "Rosa", "Samir", "Sara",
    "Tariq", "Tessa", "Umar", "Vera", "Victor", "Wendy", "Xavier", "Yara", "Yusuf", "Zara",
    "Zoe",
)

LAST_NAMES: tuple[str, ...] = (
    "Abbott", "Alvarez", "Baker", "Bennett", "Castillo", "Chen", "Cohen", "Dalton", "Diaz",
    "Ellis", "Fischer", "Fong", "Garcia", "Grant", "Haddad", "Hayes", "Ibrahim", "Ito",
    "Jensen", "Kaur", "Keller", "Khan", "Larsen", "Lopez", "Mendes", "Morales", "Nakamura",
    "Novak", "Okafor", "Olsen", "Park", "Patel", "Quinn", "Reyes", "Romero", "Sato", "Schmidt",
    "Singh", "Torres", "Tran", "Usman", "Vargas", "Volkov", "Walsh", "Weber", "Xu", "Yamada",
    "Young", "Zhou", "Zimmer",
)

STREETS: tuple[str, ...] = (
    "Acorn Way", "Aspen Court", "Bay Street", "Birch Road", "Bluebell Lane", "Canal Street",
    "Cherry Lane", "Clover Drive", "Creek Road", "Dogwood Avenue", "Fairview Avenue",
    "Forest Drive", "Garden Street", "Harbor View", "Hawthorn Road", "Juniper Lane",
    "Kingfisher Way", "Lark Street", "Linden Avenue", "Magnolia Drive", "Meadow Lane",
    "Mill Road", "Orchard Street", "Pebble Path", "Prairie Avenue", "Quarry Road",
    "Redwood Drive", "Ridge Road", "Rosewood Court", "Sage Street", "Silver Lake Road",
    "Summit Avenue", "Tamarack Lane", "Valley Road", "Walnut Street", "Wildflower Way",
)

# (city, state, zip prefix): real places, made-up addresses within them.
CITIES: tuple[tuple[str, str, str], ...] = (
    ("Albuquerque", "NM", "871"), ("Atlanta", "GA", "303"), ("Austin", "TX", "787"),
    ("Baltimore", "MD", "212"), ("Boise", "ID", "837"), ("Boston", "MA", "021"),
    ("Charlotte", "NC", "282"), ("Chicago", "IL", "606"), ("Cleveland", "OH", "441"),
    ("Denver", "CO", "802"), ("Des Moines", "IA", "503"), ("Detroit", "MI", "482"),
    ("Kansas City", "MO", "641"), ("Las Vegas", "NV", "891"), ("Louisville", "KY", "402"),
    ("Madison", "WI", "537"), ("Memphis", "TN", "381"), ("Miami", "FL", "331"),
    ("Milwaukee", "WI", "532"), ("Minneapolis", "MN", "554"), ("Nashville", "TN", "372"),
    ("New Orleans", "LA", "701"), ("Oakland", "CA", "946"), ("Omaha", "NE", "681"),
    ("Orlando", "FL", "328"), ("Pittsburgh", "PA", "152"), ("Portland", "OR", "972"),
    ("Raleigh", "NC", "276"), ("Richmond", "VA", "232"), ("Sacramento", "CA", "958"),
    ("Salt Lake City", "UT", "841"), ("Spokane", "WA", "992"), ("St. Louis", "MO", "631"),
    ("Tampa", "FL", "336"), ("Tucson", "AZ", "857"), ("Tulsa", "OK", "741"),
)

CARD_BRANDS: tuple[str, ...] = ("visa", "mastercard")

# The airports tau-bench's list_all_airports names (IATA code facts).
AIRPORTS: tuple[str, ...] = (
    "SFO", "JFK", "LAX", "ORD", "DFW", "DEN", "SEA", "ATL", "MIA", "BOS",
    "PHX", "IAH", "LAS", "MCO", "EWR", "CLT", "MSP", "DTW", "PHL", "LGA",
)
