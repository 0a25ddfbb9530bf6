"""What the customer's phone shows now, against what a text says it shows.

Device checks in a dual-control domain print the phone's state: a status bar ("Signal: Excellent |
5G | Data Enabled | Battery 80%", "Airplane Mode | Battery 80%"), a network status ("SIM Card
Status: missing", "Cellular Network Type: none"), a SIM check ("No SIM card detected in the
phone."). A text that tells the user the phone's present state ("you're now on **4G** with a
**good** signal", "Your SIM card is **active**") must say what the latest check showed: the bar
said 5G and Excellent, the status said missing. Only statements of the present are read, not what
a step should bring ("you should see 5G") or a question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from trajectory2gym.certify.turns import without_problem_lists

# What a check prints, field by field (tau2's telecom device, as envs/telecom/phone.py renders it).
# (public: a text quoting the bar must quote one a check showed)
BAR_SIGNAL = re.compile(r"\bSignal: (Excellent|Good|Fair|Poor|No Signal)(?: \| ([2-5]G)\b)?")
_AIRPLANE_BAR = re.compile(r"\bStatus Bar: Airplane Mode\b")
_STATUS_FIELD = re.compile(r"^(SIM Card Status|Cellular Signal|Cellular Network Type): (\S+)", re.M)
_MODE_SHOWN = re.compile(r"\b(?:Network Mode Preference|Preferred Network Mode set to): (\w+)")
_VPN_SHOWN = re.compile(r"['\"]server_performance['\"]:\s*['\"](\w+)['\"]")  # check_vpn_status's details
_PROTOCOL_SHOWN = re.compile(r"['\"]protocol['\"]:\s*['\"]([\w.-]+)['\"]")
# The VPN protocols a text may name: "(server 192.168.1.1, **IPSec**, poor performance)".
_PROTOCOL_SAID = re.compile(r"\b(OpenVPN|IPSec|IKEv2|WireGuard|L2TP|PPTP|SSTP)\b", re.I)
_PERMISSIONS_SHOWN = re.compile(r"\bApp '[^']+' has permission for: ([\w, ]*)")  # check_app_permissions
_PERMISSION_GRANTED = re.compile(r"\bPermission '(\w+)' granted\b")  # grant_app_permission
# Permissions said to be granted: "sms, storage, phone and **camera** are all granted".
_GRANTED_SAID = re.compile(r"\b(?:are|is)\s+(?:all\s+|both\s+)?(?:granted|allowed|enabled|in place)\b", re.I)
_PERMISSION_WORDS = re.compile(r"\b(sms|storage|phone|camera|contacts|location|microphone|calendar|notifications)\b",
                               re.I)
_MMS_CHECK = {"Your messaging app can send MMS messages.": "can", "Your messaging app cannot send MMS messages.": "cannot"}
# MMS said to work now, or not: "Great, MMS works now!", "you can send MMS again", "MMS still doesn't work".
_MMS_SENDER = r"\b(?:you|your (?:phone|messaging app|app)|the (?:phone|messaging app|app))"  # not "a setting that can send MMS"
_MMS_WORKS = re.compile(r"\bMMS\b[^.!?\n]{0,20}?\b(?:(?:now\s+)?works|is (?:now\s+)?working|goes through|is fixed)\b"
                        rf"|{_MMS_SENDER}\s+can (?:now\s+)?send (?:an?\s+)?(?:MMS|picture messages?)\b", re.I)
_MMS_FAILS = re.compile(r"\bMMS\b[^.!?\n]{0,20}?\b(?:(?:still\s+)?(?:doesn't|does not|isn't|is not)\s+work(?:ing)?|fails)\b"
                        rf"|{_MMS_SENDER}\s+can(?:'t|not| not) (?:yet\s+)?send (?:an?\s+)?(?:MMS|picture messages?)\b", re.I)
_SIM_CHECK = {"Your SIM card is active and working.": "active", "No SIM card detected in the phone.": "missing",
              "The SIM card is locked with a PIN code.": "locked_pin",
              "The SIM card is locked with a PUK code.": "locked_puk"}

# Statements of the present: "you're (now) on 4G", "with a good signal", "your SIM card is active".
_ON_NETWORK = re.compile(r"\b(?:you(?:'re|’re| are)|(?:your )?(?:phone|device)(?:'s|’s| is))\s+(?:now\s+|currently\s+|still\s+"
                         r"|back\s+)?(?:on|connected to|using)\s+(?:an?\s+|the\s+)?\**([2-5]G)\b"
                         r"(?!\s*/\s*[2-5]G|\s+(?:only|preferred)\b)", re.I)  # (not a mode: "on 4G/5G preferred")
_SIGNAL_SAID = re.compile(r"\b(?:with|have|has|getting|got|shows?|showing)\s+(?:an?\s+)?\**(excellent|good|fair|poor|weak|"
                          r"strong|no)\**\s+signal\b|\bsignal\s+(?:is|looks|shows)\s+(?:now\s+|currently\s+|still\s+|only\s+|just\s+)?"
                          r"\**(excellent|good|fair|poor|weak|strong)\b", re.I)
_SIM_SAID = re.compile(r"\bSIM(?:\s+card)?(?:\s+status)?\s+(?:is|shows(?:\s+as)?|looks)\s+(?:now\s+|currently\s+|still\s+)?"
                       r"\**(active|missing|locked|fine|working|registered|detected|not detected|ok(?:ay)?)\b", re.I)
_SIM_WORKS = frozenset({"active", "fine", "working", "registered", "detected", "ok", "okay"})
# "Your VPN server's performance is listed as **fair**", "VPN performance: poor".
_VPN_SAID = re.compile(r"\bperformance\b[^.?!\n]{0,25}?\b(?:is|as|:|shows?|rated)\s+(?:listed\s+as\s+|currently\s+)?"
                       r"\**(excellent|good|fair|poor)\b"
                       # or the server's rating: "That VPN server is rated 'fair'"
                       r"|\bserver\b[^.?!\n]{0,15}?\brated\s+[*'\"‘’“”]*(excellent|good|fair|poor)\b"
                       # or before the word: "a VPN server with poor performance"
                       r"|\bserver\b[^.?!\n]{0,15}?\bwith\s+\**(excellent|good|fair|poor)\**\s+performance\b", re.I)
# A permission said to be missing: "missing the **storage** permission", "doesn't have SMS permission".
# Also "..., and storage is missing as well", where a permission's own name is said missing.
_MISSING_SAID = re.compile(r"\b(?:missing|lacks?|(?:doesn't|does not|don't|do not)\s+have)\s+(?:the\s+|a\s+)?\**(\w+)\**"
                           r"\s+permission|\**(\w+)\**\s+permission\s+is\s+(?:still\s+)?missing"
                           r"|\b(sms|storage|phone|camera|contacts|location|microphone)\**\s+is\s+(?:also\s+|still\s+)?missing",
                           re.I)
# A permission said held: "Your messaging app has the SMS permission but ...".
_HAS_SAID = re.compile(r"\b(?:has|have)\s+(?:the\s+|an?\s+)?\**(sms|storage|phone|camera|contacts|location|microphone)"
                       r"\**\s+permission\b", re.I)
# ... or held as a list, in a sentence about permissions: "messaging has sms and phone but is missing storage".
_HAS_LIST = re.compile(r"\b(?:has|have)\s+((?:sms|storage|phone|camera|contacts|location|microphone)"
                       r"(?:\s*(?:,|,?\s+and)\s+(?:sms|storage|phone|camera|contacts|location|microphone))+)\b", re.I)
# Permissions the user is asked to grant: "Grant messaging the sms and phone permissions" (each one missing).
_GRANT_ASKED = re.compile(r"\bgrant\s+(?:\w+\s+){0,2}?(?:the\s+)?((?:sms|storage|phone|camera|contacts|location|microphone)"
                          r"(?:\s*(?:,|,?\s+and)\s+(?:sms|storage|phone|camera|contacts|location|microphone))*)"
                          r"\s+permissions?\b", re.I)
# "Your phone is set to **3G only**", "network mode set to 4G only": the mode preference
_MODE_SAID = re.compile(r"(?:\b(?:is|'s|’s|are)\s+(?:currently\s+|still\s+)?|\bmode\s+(?:now\s+)?)set\s+to\s+"
                        r"\**([2-5]G(?:/[2-5]G)?)\s+(only|preferred)\b", re.I)
# What a step should bring, may bring, or a condition: no statement of the present.
_NOT_PRESENT = re.compile(r"\b(?:should|will|would|could|might|if|once|when|after|need|needs|make sure|expect|hope|"
                          r"until|unless|whether)\b|'ll\b|’ll\b", re.I)
# A cause told as past, fixed since: "The two causes were the exhausted data and the missing storage permission",
# "the messaging app was missing storage permission (now granted)" (read up to the claim: "was" right before it).
_PAST_CAUSE = re.compile(r"\b(?:causes?|problems?|issues?|culprits?)\s+(?:was|were)\b|\b(?:was|were|had been)\s+$", re.I)
_SIGNAL_MEANS = {"excellent": {"excellent"}, "good": {"good"}, "fair": {"fair"}, "poor": {"poor"},
                 "weak": {"poor", "fair"}, "strong": {"excellent", "good"}, "no": {"none"}}
# The lock said by its code: "your SIM card is locked with a **PUK code**".
_LOCK_SAID = re.compile(r"\bSIM(?:\s+card)?\s+is\s+(?:now\s+|currently\s+|still\s+)?locked\s+(?:with|by)\s+(?:an?\s+|its\s+|your\s+)?"
                        r"\**(PIN|PUK)\b", re.I)
_NO_SIM = re.compile(r"^\W*no\s+$", re.I)  # the sentence's "No" right before "SIM card is detected"
# (a locked SIM is a detected one: "The SIM is now detected but PIN-locked")
_SIM_MEANS = {"missing": {"missing"}, "not detected": {"missing"}, "locked": {"locked_pin", "locked_puk"},
              "detected": {"active", "locked_pin", "locked_puk"}}


# The bar told in the user's words: no service ("It says No Service", "no bars", "an airplane icon"), or
# some ("Shows 4G, 3 bars", "5G, good signal", "Now 5G.", "I have signal", "Bars and '4G'"); not a mode ("it's on 2G only"), nor
# an icon said to be absent ("No airplane icon").
_BAR_TOLD = re.compile(r"(?P<none>\bno (?:service|signal|bars?)\b|\b(?:0|zero) bars?\b|(?<!no )(?<!any )\bairplane (?:mode )?(?:icon|symbol|picture)\b)"
                       r"|\b(?:[1-5]|one|two|three|four|five|full|some|signal)\s+bars?\b|\b(?:shows?|see|have|got)\s+bars\b"
                       r"|\bbars\s+(?:and|with)\b|^\W*bars\b"  # ("Bars and '4G'.", "Now bars and '2G'", "Done, bars and 2G now.")
                       r"|\b(?:excellent|good|strong|fair|poor|weak)\s+signal\b|\bsignal(?:\s+is)?,?\s+(?:excellent|good|strong|fair|poor|weak)\b"
                       r"|\b(?:I\s+have|got|there's)\s+(?:a\s+)?(?:signal|service)\b"
                       r"|(?:\b(?:shows?|says|now|see|on)\s+(?:\.\.\.\s*)?|^\W*)[2-5]G\b(?!\s*(?:only|preferred|/))", re.I | re.M)


# A network the user reads off the bar: "one bar and 2G" (not a mode: "2G only", "4G/5G preferred").
_NETWORK_TOLD = re.compile(r"(?<![/\w])([2-5]G)\b(?!\s*(?:only|preferred|mode|/))", re.I)


# Switches of the phone a check or a toggle shows: "Wi-Fi Calling is currently turned ON.", "Data Saver mode is
# OFF.", "Data Saver Mode is now ON." (the status bar shows mobile data and airplane mode; roaming is read apart)
_SWITCH_SHOWN = re.compile(r"\b(Wi-Fi Calling|Data Saver [Mm]ode) is (?:currently turned |now )?(ON|OFF)\b")
_SWITCH_SAID = re.compile(r"\b(Wi-?Fi Calling|Data Saver(?: mode)?)\s+is\s+(?:now\s+|currently\s+|still\s+|already\s+)?"
                          r"(?:turned\s+|switched\s+)?(on|off|enabled|disabled)\b", re.I)


def _switch_key(name: str) -> str:
    """A phone switch's name as ``PhoneState.shown`` keys it: "wifi calling", "data saver"."""
    return "wifi calling" if "calling" in name.lower() else "data saver"


def _not_right_before(sentence: str, at: int) -> bool:
    """Whether "not" or "n't" ends the words right before ``at``: "doesn't have the SMS permission"."""
    return sentence[max(0, at - 12):at].lower().rstrip().endswith(("not", "n't"))


@dataclass
class PhoneState:
    """The latest value each check showed: ``network`` (2G-5G or none), ``signal`` (excellent, good,
    fair, poor or none), ``sim`` (active, missing, locked_pin, locked_puk), ``mode`` (the network
    mode preference: 2g_only, 4g_5g_preferred, ...), ``vpn`` (its server's performance), ``protocol``
    (its protocol), ``permissions`` (those an app was shown to have, or granted since, joined by ", ")."""

    shown: dict[str, str] = field(default_factory=dict)
    said_signal: str | None = None  # the user's own words of the bar, newer than any check: "none" or "some"
    said_network: str | None = None  # the network the user's words of the bar name last ("2g"), if any

    def read(self, text: str) -> None:
        """Take what a check's output (or the user's paste of it) shows."""
        if _AIRPLANE_BAR.search(text):
            self.shown.update(signal="none", network="none")
        for m in BAR_SIGNAL.finditer(text):
            self.said_signal = None
            self.shown["signal"] = "none" if m[1] == "No Signal" else m[1].lower()
            self.shown["network"] = m[2] if m[2] else "none"
        for name, value in _STATUS_FIELD.findall(text):
            key = {"SIM Card Status": "sim", "Cellular Signal": "signal", "Cellular Network Type": "network"}[name]
            self.shown[key] = value.upper() if key == "network" and value != "none" else value.lower()
        if (sim := _SIM_CHECK.get(text.strip())) is not None:
            self.shown["sim"] = sim
        elif "SIM card re-seated" in text:  # how the SIM is now, no check has shown, but a signal
            # on the bar after it ("Status Bar: Signal: Poor | 2G"): the phone reads the card
            if (bar := BAR_SIGNAL.search(text)) is not None and bar[1] != "No Signal":
                self.shown["sim"] = "active"
            else:
                self.shown.pop("sim", None)
        for mode in _MODE_SHOWN.findall(text):
            self.shown["mode"] = mode.lower()
        if "has permission for" in text and (granted := _PERMISSIONS_SHOWN.findall(text)):
            self.shown["permissions"] = ", ".join(p.strip().lower() for p in granted[-1].split(",") if p.strip())
        if "permissions" in self.shown and "granted" in text:  # a grant since the check adds one
            for new in _PERMISSION_GRANTED.findall(text):
                if new.lower() not in self.shown["permissions"].split(", "):
                    self.shown["permissions"] += f", {new.lower()}"
        low = text.lower()
        if "MMSC" in text or "reboot" in low or "restart" in low:
            if "reset" in low or "restart" in low:
                self.shown.pop("mmsc", None)  # the APN settings change at a reset and a reboot
            for value in _MMSC_SHOWN.findall(text):
                self.shown["mmsc"] = "not set" if value.strip().lower() in _UNSET else "set"
        if (mms := _MMS_CHECK.get(text.strip())) is not None:
            self.shown["mms"] = mms
        elif "Status Bar" in text or "granted" in text or "Restarting" in text:
            self.shown.pop("mms", None)  # a change on the phone since the check: unknown until checked again
        for m in _SWITCH_SHOWN.finditer(text):  # "Wi-Fi Calling is currently turned ON.", "Data Saver Mode is now OFF."
            self.shown[_switch_key(m[1])] = m[2].lower()
        if "server_performance" in text and (vpn := _VPN_SHOWN.findall(text)):
            self.shown["vpn"] = vpn[-1].lower()
            if protocol := _PROTOCOL_SHOWN.findall(text):
                self.shown["protocol"] = protocol[-1].lower()

    def read_words(self, text: str) -> None:
        """Take what the user says their status bar shows, in their own words ("Now it shows 2G and one
        bar", "Still No Service"): the last such phrase of the message decides."""
        told = _BAR_TOLD.findall(text)
        if told:
            last = told[-1]
            self.said_signal = "none" if last else "some"
            self.shown.pop("signal", None)  # (superseded: the user looked after the check)
        if networks := _NETWORK_TOLD.findall(text):  # "I see one bar and 2G"
            self.said_network = networks[-1].lower()

    def _held_lists(self, text: str) -> list[tuple[str, str, str]]:
        """``misstated``'s permissions said held as a list ("messaging has sms and phone but is missing
        storage, which it needs ..."; the word "permission" may stand in the next sentence), of those
        the check did not show; not where the sentence puts it in the future before the list."""
        granted = self.shown["permissions"].split(", ")
        return [(held, "app permission granted", f"granted: {self.shown['permissions']}")
                for sentence in re.split(r"(?<=[.!?])\s+|\n", text) if not sentence.rstrip().endswith("?")
                for m in _HAS_LIST.finditer(sentence) if not _NOT_PRESENT.search(sentence, 0, m.start())
                and not _not_right_before(sentence, m.start())
                for p in _PERMISSION_WORDS.findall(m[1]) if (held := p.lower()) not in granted]

    def misstated(self, text: str) -> list[tuple[str, str, str]]:
        """(what the text calls it, the setting, what the latest check showed) for each statement of
        the phone's present state that the latest check contradicts."""
        out: list[tuple[str, str, str]] = []
        shown = self.shown
        # (not a recap's list of what was found: "**What we found**\n1. ... missing **storage** permission")
        text = without_problem_lists(text).replace("**", "")  # "has **sms**, **storage** and **camera** permissions"
        if "permissions" in shown and "permission" in text and " and " in text:
            out += self._held_lists(text)
        if "permissions" in shown and "rant" in text:  # "Grant messaging the sms and phone permissions", phone held
            held_now = shown["permissions"].split(", ")
            out += [(p.lower(), "missing app permission", f"granted: {shown['permissions']}")
                    for m in _GRANT_ASKED.finditer(text) for p in _PERMISSION_WORDS.findall(m[1]) if p.lower() in held_now]
        for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
            if not sentence or sentence.rstrip().endswith("?"):
                continue
            if "permissions" in shown and "permission" in sentence:  # "missing the storage permission": granted
                # (what may be or is needed is read up to the claim: "is missing the storage permission it needs")
                granted = set(shown["permissions"].split(", "))
                out += [(said, "missing app permission", f"granted: {shown['permissions']}")
                        for m in _MISSING_SAID.finditer(sentence) if not _NOT_PRESENT.search(sentence, 0, m.start())
                        and not _PAST_CAUSE.search(sentence, 0, m.start())
                        and (said := (m[1] or m[2] or m[3]).lower()) in granted]
            if "mmsc" in shown and "MMSC" in sentence:  # "the MMSC URL ... is not set", where the check shows one
                out += [(said, "MMSC URL", shown["mmsc"]) for m in _MMSC_SAID.finditer(sentence)
                        if not _NOT_PRESENT.search(sentence, 0, m.start())
                        and (said := "not set" if m[1].lower() in _UNSET_SAID else "set") != shown["mmsc"]]
            if _NOT_PRESENT.search(sentence):
                continue
            if "network" in shown:
                out += [(m[1], "network", shown["network"]) for m in _ON_NETWORK.finditer(sentence)
                        if m[1].upper() != shown["network"]]
            if "signal" in shown:
                for m in _SIGNAL_SAID.finditer(sentence):
                    said = (m[1] or m[2]).lower()
                    if shown["signal"] not in _SIGNAL_MEANS[said]:
                        out.append((said, "signal", shown["signal"]))
            if "mode" in shown:
                for m in _MODE_SAID.finditer(sentence):
                    said = f"{m[1].lower().replace('/', '_')}_{m[2].lower()}"  # "4G/5G preferred": 4g_5g_preferred
                    if said != shown["mode"]:
                        out.append((f"{m[1]} {m[2]}", "network mode", shown["mode"]))
            if "permissions" in shown and "permission" in sentence:  # "has the SMS permission", not granted
                granted = set(shown["permissions"].split(", "))
                out += [(held, "app permission granted", f"granted: {shown['permissions']}")
                        for m in _HAS_SAID.finditer(sentence) if (held := m[1].lower()) not in granted
                        and not _not_right_before(sentence, m.start())]
            if "permissions" in shown and (said_granted := _GRANTED_SAID.search(sentence)) \
                    and not _MISSING_SAID.search(sentence):
                # "... — sms, storage, phone and camera are all granted": the names before it, in its clause
                granted = set(shown["permissions"].split(", "))
                start = max(sentence.rfind(mark, 0, said_granted.start()) for mark in ("—", ":", ";", " – ")) + 1
                out += [(said, "app permission granted", f"granted: {shown['permissions']}")
                        for m in _PERMISSION_WORDS.finditer(sentence[start:said_granted.start()].replace("*", ""))
                        if (said := m[1].lower()) not in granted]
            if "vpn" in shown and "VPN" in text:
                out += [(said, "VPN server performance", shown["vpn"]) for m in _VPN_SAID.finditer(sentence)
                        if (said := (m[1] or m[2] or m[3]).lower()) != shown["vpn"]]
                if "protocol" in shown:
                    out += [(m[1], "VPN protocol", shown["protocol"]) for m in _PROTOCOL_SAID.finditer(sentence)
                            if m[1].lower() != shown["protocol"]]
            if "Calling" in sentence or "Saver" in sentence:  # "Good, Wi-Fi Calling is off", where the check shows ON
                out += [(m[0], key, shown[key]) for m in _SWITCH_SAID.finditer(sentence)
                        if (key := _switch_key(m[1])) in shown
                        and ("on" if m[2].lower() in ("on", "enabled") else "off") != shown[key]]
            if "mms" in shown and "MMS" in sentence:  # "Great, MMS works now!", where the check says it cannot
                said_mms = "cannot" if _MMS_FAILS.search(sentence) else "can" if _MMS_WORKS.search(sentence) else ""
                if said_mms and said_mms != shown["mms"]:
                    out.append((said_mms + " send MMS", "MMS", f"{shown['mms']} send MMS"))
            if "sim" in shown:
                for m in _SIM_SAID.finditer(sentence):
                    said = m[1].lower()
                    if _NO_SIM.search(sentence, 0, m.start()):
                        said = "not detected" if said == "detected" else said  # "No SIM card is detected."
                    if shown["sim"] not in _SIM_MEANS.get(said, {"active"}):
                        out.append((said, "SIM card", shown["sim"]))
                out += [(f"locked with a {m[1].upper()}", "SIM card", shown["sim"]) for m in _LOCK_SAID.finditer(sentence)
                        if shown["sim"] != f"locked_{m[1].lower()}"]
        return out

    def unseen(self, text: str, user_text: str, last_user: str = "") -> list[tuple[str, str]]:
        """(what the text calls it, the setting) for each statement of the phone's SIM or an app's
        permissions that no check has shown and the user has not told: "your SIM card is registered
        and working fine", said before any device check (the data roaming switch: the certifier's
        ``misread_data_switch``); or MMS said to work where no check since the last change on the phone
        showed it, and the user's last message (``last_user``) says nothing of a message gone through."""
        out: list[tuple[str, str]] = []
        told = user_text.lower()  # (once: each clause reads it)
        # Clause by clause: "..., and your app's permissions are all set, so ... is it on?" states one
        for sentence in re.split(r"(?<=[.!?])\s+|\n|,\s+|\s[—–-]\s", text):
            if not sentence or sentence.rstrip().endswith("?") or _NOT_PRESENT.search(sentence):
                continue
            if "sim" not in self.shown and "SIM" in sentence and not (
                    "sim card status" in told or _SIM_SAID.search(user_text)):
                # (a signal on the bar shows the phone reads its SIM: "his physical SIM is working fine")
                signal = self.shown.get("signal", "none") != "none"
                for m in _SIM_SAID.finditer(sentence):
                    if not (signal and m[1].lower() in _SIM_WORKS) and not (
                            m[1].lower() == "locked" and _LOCK_PROMPT.search(user_text)):
                        out.append((m[1].lower(), "SIM card"))  # (a lock the user's screen asks a PIN or PUK for is told)
            if "vpn" not in self.shown and "VPN" in text and "performance" in sentence and "performance" not in told:
                # "VPN Connected, to a VPN server with poor performance", before its details were checked
                out += [((m[1] or m[2] or m[3]).lower(), "VPN server performance") for m in _VPN_SAID.finditer(sentence)]
            if "mms" not in self.shown and "MMS" in sentence and _MMS_WORKS.search(sentence) \
                    and not _USER_SENT.search(last_user):
                # "your MMS is working again now", with no MMS check since the last change and the user's last
                # message saying nothing of a message sent ("it worked!")
                out.append(("can send", "MMS"))
            if "permissions" not in self.shown and "permission" in sentence and "permission" not in told:
                out += [(m[1].lower(), "app permissions") for m in _PERMISSIONS_FINE.finditer(sentence)]
                # "your messaging app doesn't have its SMS permission", before any check of the app
                out += [("missing", "app permissions") for _ in _PERMISSION_MISSING.finditer(sentence)]
            if "irplane" in sentence and "signal" not in self.shown and "plane" not in told \
                    and "flight mode" not in told and _AIRPLANE_ON.search(sentence):
                # "I can see your phone is in airplane mode", before any status bar and with no word of it
                # (nor of a plane icon: "there's a little plane at the top")
                out.append(("on", "airplane mode"))
        return out


# The phone asking for a SIM code, as the user tells it: "Now it says 'PUK required'", "it asks for a PIN".
_LOCK_PROMPT = re.compile(r"\b(?:puk|pin)\s+(?:required|needed|code required)\b|\basks? (?:me )?for (?:a |the |my )?(?:puk|pin)\b"
                          r"|\b(?:enter|type in) (?:the |a |my )?(?:puk|pin)\b", re.I)


# The MMSC URL an APN check shows ("MMSC URL (for picture messages): Not Set"), and as a text says it.
_MMSC_SHOWN = re.compile(r"^\s*MMSC URL[^:\n]*:[ \t]*([^\n]*)", re.M)
_UNSET = frozenset({"not set", "none", "", "n/a", "empty"})
_MMSC_SAID = re.compile(r"\bMMSC(?: URL)?\b[^.?!]{0,60}?\b(?:is|shows?(?: as)?)\s+\**(not set|missing|empty|blank|"
                        r"set correctly|correctly set|set|correct|configured)\b", re.I)
_UNSET_SAID = frozenset({"not set", "missing", "empty", "blank"})


# The user saying a picture message went through: "it worked!", "the MMS sent", "I can send pictures now".
_USER_SENT = re.compile(r"\b(?:work(?:s|ed|ing)|sent|went through|goes through|can send|delivered)\b", re.I)
# An app's permissions said to be in order: "your messaging app's permissions are all set".
_PERMISSIONS_FINE = re.compile(r"\bpermissions?\s+(?:are|is|look|looks)\s+(?:all\s+|already\s+)?(set|fine|granted|in place|"
                               r"ok(?:ay)?|good|correct)\b", re.I)


# An app said to lack a permission: "doesn't have its SMS permission", "the storage permission is missing".
_PERMISSION_MISSING = re.compile(r"\b(?:doesn['’]t|does not|don['’]t|do not)\s+have\s+(?:its|the|an?|any)?\s*(?:\w+\s+)?"
                                 r"permissions?\b|\bpermissions?\s+(?:is|are)\s+(?:missing|denied|off|not granted)\b"
                                 r"|\blacks?\s+(?:its|the|an?)?\s*(?:\w+\s+)?permissions?\b", re.I)
# The phone said to be in airplane mode now: "your phone is in airplane mode", "airplane mode is on".
_AIRPLANE_ON = re.compile(r"\b(?:is|are|['’]s|['’]re)\s+(?:still\s+|currently\s+|now\s+)?in\s+airplane\s+mode\b"
                          r"|\bairplane\s+mode\s+is\s+(?:still\s+|currently\s+|now\s+)?(?:on|enabled)\b", re.I)


# A SIM code said: "the default PIN for our SIM cards is 0000", "enter PUK 12345678".
_CODE_SAID = re.compile(r"\b(?:PIN|PUK)\b[^.!?\n\d]{0,30}?(?<![\d$.,])\**(\d{4,8})\b")


def codes_said(text: str) -> list[str]:
    """The PIN or PUK codes a text gives (each must be visible: no policy gives a default)."""
    return _CODE_SAID.findall(text) if "PIN" in text or "PUK" in text else []


def may_state_phone(text: str) -> bool:
    """Plain substring tests first: most texts speak of no network, signal or SIM."""
    return ("G" in text or "ignal" in text or "SIM" in text or "performance" in text or "permission" in text
            or "VPN" in text or "granted" in text or "MMS" in text or "Calling" in text or "Saver" in text)
