"""Trajectory2Gym core."""
