// A problem the house answers with, in the player's words: chosen by the body's `code`
// (shared/problems.py, docs/api.md "Problem codes") and filled from its parameters. The
// server's English `detail` is never shown; an unknown code gets a plain translated message.
import { t } from "./i18n.js";

export const NAME_MIN = 2;
export const NAME_MAX = 20;
const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const NAME_CHARS = /^[\p{L}\p{Nd} _.-]*$/u;

// Why a field was refused, judged from the value that was sent (the house's rules for names
// and passwords, services/lobby/accounts.py).
const FIELDS = {
  name: nameProblem,
  to: nameProblem,
  password: (value) => {
    if (typeof value !== "string" || value.length < PASSWORD_MIN)
      return t("problem.field.password.short", { n: PASSWORD_MIN });
    if (value.length > PASSWORD_MAX) return t("problem.field.password.long", { n: PASSWORD_MAX });
    return t("problem.field.password");
  },
  text: () => t("problem.field.text"),
};

function nameProblem(value) {
  const name = typeof value === "string" ? value.normalize("NFC").trim() : "";
  if (!name) return t("problem.field.name.blank");
  if (!NAME_CHARS.test(name)) return t("problem.field.name.chars");
  if (name.length < NAME_MIN || name.length > NAME_MAX)
    return t("problem.field.name.length", { min: NAME_MIN, max: NAME_MAX });
  return t("problem.field.name");
}

// `errors` is {location: {field: [messages]}} (or {field: [messages]}); the field names.
function fieldsOf(errors) {
  const fields = [];
  for (const [key, value] of Object.entries(errors || {})) {
    if (
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      ["json", "query", "form", "path"].includes(key)
    ) {
      fields.push(...Object.keys(value));
    } else {
      fields.push(key);
    }
  }
  return [...new Set(fields)];
}

// The translated message per refused field: [{field, text}].
export function fieldProblems(problem, sent = {}) {
  return fieldsOf(problem?.errors).map((field) => ({
    field,
    text: FIELDS[field] ? FIELDS[field](sent?.[field]) : t("problem.invalid_request"),
  }));
}

function stakeText(problem) {
  const stake = problem.stake ?? "?";
  const names = problem.names || (problem.name ? [problem.name] : []);
  if (names.length > 1) return t("problem.stake_unaffordable.many", { names: names.join(", "), stake });
  if (names.length === 1) return t("problem.stake_unaffordable.name", { name: names[0], stake });
  if (problem.balance !== undefined)
    return t("problem.stake_unaffordable.balance", { balance: problem.balance, stake });
  return t("problem.stake_unaffordable", { stake });
}

// Every setting an invalid_settings answer refused, each in the player's words ("Partnermodus
// geht nur zu viert."); a reason without words of its own names the setting.
function settingsText(problem) {
  const refused = Array.isArray(problem.refused) ? problem.refused : [];
  if (!refused.length) return t("problem.invalid_settings");
  return [
    ...new Set(
      refused.map(({ setting, reason, min, max }) => {
        const own = `problem.setting.${setting}.${reason}`;
        if (t(own) !== own) return t(own, { min, max });
        const label = t(`opt.${setting}`) !== `opt.${setting}` ? t(`opt.${setting}`) : setting;
        return t(reason === "unknown" ? "problem.setting.unknown" : "problem.setting.choice", { name: label });
      }),
    ),
  ].join(" ");
}

// How long to wait, from a 429's retry_after: whole seconds, or whole minutes for the hourly quotas.
const seconds = (problem) => Math.max(1, Math.ceil(problem.retry_after || 1));
const minutes = (problem) => Math.max(1, Math.ceil((problem.retry_after || 60) / 60));

const SPECIAL = {
  invalid_request: (problem, sent) => {
    const fields = fieldProblems(problem, sent);
    return fields.length ? [...new Set(fields.map((f) => f.text))].join(" ") : t("problem.invalid_request");
  },
  stake_unaffordable: stakeText,
  invalid_settings: settingsText,
  already_seated: (problem) =>
    problem.name ? t("problem.already_seated.name", { name: problem.name }) : t("problem.already_seated"),
  seat_taken: (problem) =>
    problem.name ? t("problem.seat_taken.name", { name: problem.name }) : t("problem.seat_taken"),
  no_such_player: (problem) =>
    problem.name ? t("problem.no_such_player.name", { name: problem.name }) : t("problem.no_such_player"),
  wrong_table_status: (problem) =>
    t("problem.wrong_table_status", { status: t(`lobby.status.${problem.table_status}`) }),
  too_few_players: (problem) =>
    t("problem.too_few_players", { game: t(`games.${problem.game}`), n: problem.min_players ?? 2 }),
  rate_limited: (problem) => t("problem.rate_limited", { s: seconds(problem) }),
  too_many_guests: (problem) => t("problem.too_many_guests", { m: minutes(problem) }),
  too_many_sign_ups: (problem) => t("problem.too_many_sign_ups", { m: minutes(problem) }),
  too_many_tables: (problem) => t("problem.too_many_tables", { limit: problem.limit ?? 5 }),
  too_many_streams: (problem) => t("problem.too_many_streams", { limit: problem.limit ?? 10 }),
  too_many_solo_games: (problem) => t("problem.too_many_solo_games", { s: seconds(problem) }),
  too_many_invitations: (problem) => t("problem.too_many_invitations", { s: seconds(problem) }),
};

// The player's message for a problem answer; `sent` is the request body (for field checks).
export function problemText(status, problem, sent) {
  if (status === 0) return t("error.network");
  const code = problem?.code;
  if (code && SPECIAL[code]) return SPECIAL[code](problem, sent);
  const key = `problem.${code}`;
  if (code && t(key) !== key) return t(key, problem);
  return status >= 500 ? t("problem.internal_error") : t("problem.unknown", { status });
}
