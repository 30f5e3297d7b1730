"""Countries a profile may name: ISO 3166-1 alpha-2 codes with their names (English, translated
in the page's language).

A short list of our own (where fog games are played, and the largest countries elsewhere); add a
line when someone asks for theirs. No dependency for a list this size.
"""

import unicodedata

from django.utils.translation import gettext_lazy as _

COUNTRIES: dict[str, str] = {
    "AR": _("Argentina"),
    "AT": _("Austria"),
    "AU": _("Australia"),
    "BE": _("Belgium"),
    "BG": _("Bulgaria"),
    "BR": _("Brazil"),
    "CA": _("Canada"),
    "CH": _("Switzerland"),
    "CL": _("Chile"),
    "CN": _("China"),
    "CY": _("Cyprus"),
    "CZ": _("Czechia"),
    "DE": _("Germany"),
    "DK": _("Denmark"),
    "EE": _("Estonia"),
    "ES": _("Spain"),
    "FI": _("Finland"),
    "FR": _("France"),
    "GB": _("United Kingdom"),
    "GR": _("Greece"),
    "HR": _("Croatia"),
    "HU": _("Hungary"),
    "IE": _("Ireland"),
    "IL": _("Israel"),
    "IN": _("India"),
    "IS": _("Iceland"),
    "IT": _("Italy"),
    "JP": _("Japan"),
    "KR": _("South Korea"),
    "LT": _("Lithuania"),
    "LU": _("Luxembourg"),
    "LV": _("Latvia"),
    "MA": _("Morocco"),
    "MC": _("Monaco"),
    "MT": _("Malta"),
    "MX": _("Mexico"),
    "NL": _("Netherlands"),
    "NO": _("Norway"),
    "NZ": _("New Zealand"),
    "PL": _("Poland"),
    "PT": _("Portugal"),
    "RO": _("Romania"),
    "RS": _("Serbia"),
    "SE": _("Sweden"),
    "SI": _("Slovenia"),
    "SK": _("Slovakia"),
    "SN": _("Senegal"),
    "TN": _("Tunisia"),
    "TR": _("Türkiye"),
    "TW": _("Taiwan"),
    "UA": _("Ukraine"),
    "US": _("United States"),
    "ZA": _("South Africa"),
}


def country_choices() -> list[tuple[str, str]]:
    """Sorted by name in the language of the page (called for each form): « États-Unis » among
    the E's, not after Z."""
    named = [(code, str(name)) for code, name in COUNTRIES.items()]
    return [("", "—"), *sorted(named, key=lambda item: _sort_key(item[1]))]


def _sort_key(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).casefold()
