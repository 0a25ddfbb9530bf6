"""selector"""
