// press.js holds a page's redraws while a pointer is pressed. A page that
// redraws from every message replaces its buttons; a click whose press
// lands on one button and whose release lands on its replacement is no
// click at all (the browser fires it on neither), so a person clicking
// just as a bot moves would lose the click. Holding the redraw from the
// press to the release (at most a second, for a finger left resting on the
// screen) keeps the button under the pointer the one pressed.

const MAX_HOLD = 1000;

export class PressHold {
  // redraw is called once a held redraw may run.
  constructor(redraw) {
    this.redraw = redraw;
    this.pressed = false;
    this.held = false;
    this.timer = 0;
    const release = () => this.release();
    document.addEventListener("pointerdown", () => {
      this.pressed = true;
      clearTimeout(this.timer);
      this.timer = setTimeout(release, MAX_HOLD);
    }, true);
    // The click follows the release in the same input event, before the
    // held redraw's frame.
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
  }

  // hold reports whether a redraw must wait (and notes that one does).
  hold() {
    if (this.pressed) this.held = true;
    return this.pressed;
  }

  release() {
    clearTimeout(this.timer);
    this.pressed = false;
    if (this.held) {
      this.held = false;
      this.redraw();
    }
  }
}
