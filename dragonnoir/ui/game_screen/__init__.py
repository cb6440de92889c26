"""The parts the game screen (`ui.game_scene.GameScene`) is made of: the phase bar, the
side panel, the log, the message line, the AI's strip, the shows (reveals, beats, done
marks), the spell windows of the Krob turn and the input modes (playing, the hand-over
screen). The scene composes them and routes the events; see docs/client-controller.md."""
