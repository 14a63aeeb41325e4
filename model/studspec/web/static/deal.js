// The deal form's card grid: choose a seat (or tap into its field), tap its card. A tapped
// card goes into the chosen seat's field and the next seat is chosen; every card already
// dealt or entered is greyed out. The fields alone work without this script.
"use strict";
(() => {
  const form = document.querySelector("form.deal");
  if (!form) return;
  const grid = form.querySelector(".grid");
  const fields = [...form.querySelectorAll("input.cards-field")];
  const seats = [...form.querySelectorAll("button.seat")];
  const picks = [...grid.querySelectorAll("button.pick")];
  const dealt = new Set(picks.filter((b) => b.disabled).map((b) => b.dataset.card));
  let current = fields.find((f) => !f.value.trim()) || fields[0];

  const cardsIn = (field) => field.value.trim().split(/[\s,]+/).filter((w) => w.length >= 2);
  const choose = (field) => {
    current = field;
    for (const button of seats) {
      const on = button.dataset.field === field.id;
      button.classList.toggle("current", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
  };
  const refresh = () => {
    const entered = new Set(fields.flatMap(cardsIn).map(
      (c) => c.slice(0, -1).toUpperCase().replace("10", "T") + c.slice(-1).toLowerCase()));
    for (const button of picks) {
      const card = button.dataset.card;
      button.disabled = dealt.has(card) || entered.has(card);
    }
  };
  grid.hidden = false;
  form.classList.add("with-grid");   // the seat buttons now name the seats
  for (const button of seats) {
    button.hidden = false;
    button.addEventListener("click", () => choose(form.querySelector("#" + button.dataset.field)));
  }
  for (const field of fields) {
    field.addEventListener("focus", () => choose(field));
    field.addEventListener("input", refresh);
  }
  for (const button of picks) {
    button.addEventListener("click", () => {
      if (!current) return;
      current.value = (current.value.trim() + " " + button.dataset.card).trim();
      refresh();
      const need = Number(current.dataset.need || 1);
      if (cardsIn(current).length >= need) {
        const next = fields.slice(fields.indexOf(current) + 1).find((f) => !f.value.trim());
        if (next) choose(next);
      }
    });
  }
  choose(current);
  refresh();
})();
