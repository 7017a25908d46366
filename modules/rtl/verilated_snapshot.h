#pragma once

#include <verilated_save.h>

#include <string>

namespace mvp::rtl {

// The state of a Verilated model (built with --savable) in memory: Verilator's serialisation
// writes through a buffer that these streams append to a string and read back from it, instead
// of a file. One object per model: its write buffer is reused by every save.
class VerilatedSnapshot {
  public:
    template <typename Model>
    void save(Model& model, std::string* out) {
        writer_.begin(out);
        writer_ << model;
        writer_.end();
    }
    template <typename Model>
    static void restore(Model& model, const std::string& state) {
        Reader r(state);
        r >> model;
        r.end();
    }

  private:
    class Writer final : public VerilatedSerialize {
      public:
        Writer();
        ~Writer() override;
        void begin(std::string* out);
        void end();
        void flush() override;

      private:
        std::string* out_ = nullptr;
    };
    class Reader final : public VerilatedDeserialize {
      public:
        explicit Reader(const std::string& data);
        ~Reader() override;
        void end();

      protected:
        void fill() override;

      private:
        const std::string& data_;
        size_t next_ = 0;
    };

    Writer writer_;
};

}  // namespace mvp::rtl
