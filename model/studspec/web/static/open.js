// Open a hand: a chosen file is read into the text box (the form itself needs no script).
"use strict";
document.getElementById("hand-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (!file) return;
  if (file.size > 250000) {
    alert("That file is larger than 250 kB; paste the one hand instead.");
    return;
  }
  file.text().then((text) => { document.getElementById("hand-text").value = text; });
});
